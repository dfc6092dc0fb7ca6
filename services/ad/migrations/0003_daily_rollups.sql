-- Daily counts per campaign, UTC day, placement, place and laundromat, kept beside the hourly ones by the
-- counting path: a report by day over months reads one row per day and key instead of twenty-four, and the
-- hourly rows only for the partial days at the edges of its window.
CREATE TABLE ad_stats_daily (
  campaign_id uuid NOT NULL,
  day date NOT NULL,
  placement_key varchar(50) NOT NULL,
  country varchar(100) NOT NULL DEFAULT '',
  city varchar(100) NOT NULL DEFAULT '',
  laundromat_id uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
  impressions bigint NOT NULL DEFAULT 0,
  clicks bigint NOT NULL DEFAULT 0,
  invalid bigint NOT NULL DEFAULT 0,
  spend numeric(14, 4) NOT NULL DEFAULT 0,
  PRIMARY KEY (campaign_id, day, placement_key, country, city, laundromat_id)
);

-- What was counted before this table existed.
INSERT INTO ad_stats_daily (campaign_id, day, placement_key, country, city, laundromat_id, impressions, clicks,
                            invalid, spend)
SELECT campaign_id, (hour AT TIME ZONE 'UTC')::date, placement_key, country, city, laundromat_id,
       SUM(impressions), SUM(clicks), SUM(invalid), SUM(spend)
FROM ad_stats_hourly
GROUP BY 1, 2, 3, 4, 5, 6;
