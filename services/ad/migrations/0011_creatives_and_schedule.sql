-- Further creatives of a campaign (up to four besides the campaign's own title, description, image and
-- link, five in all), each with a stable id so its counts follow it through edits. The campaigns row keeps the
-- approved ones, which serve; a change to them waits beside them in campaign_pending_content, as any change
-- to what a visitor sees does. [{ id, title, description, imageUrl, targetUrl }]
ALTER TABLE campaigns ADD COLUMN creatives jsonb NOT NULL DEFAULT '[]';
ALTER TABLE campaign_pending_content ADD COLUMN creatives jsonb NOT NULL DEFAULT '[]';

-- When the campaign may serve: { days: [0..6, Sunday first], fromHour, toHour } in its time zone; null is
-- always. Not reviewed: a setting, applied at once.
ALTER TABLE campaigns ADD COLUMN schedule jsonb;

-- Which creative an event's ad showed: the campaign's own content is the creative named by the campaign's
-- id; null on events counted before creatives existed, which read as the campaign's own.
ALTER TABLE ad_events ADD COLUMN creative_id uuid;
CREATE INDEX ad_events_by_creative ON ad_events (campaign_id, creative_id, created_at)
  WHERE invalid_reason IS NULL;

-- Each creative's valid impressions and clicks since it was first served: what serving prefers the better one
-- by, read with every reload of the servable campaigns.
CREATE TABLE ad_creative_stats (
  campaign_id uuid NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
  creative_id uuid NOT NULL,
  impressions bigint NOT NULL DEFAULT 0,
  clicks bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (campaign_id, creative_id)
);
