-- "Tell me when a washer is free": one Web Push subscription waiting for a free washer or dryer at one
-- laundromat. Sent once and deleted; dropped unsent after expires_at. Personal data (export, erasure).
CREATE TABLE availability_alerts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL,
  laundromat_id uuid NOT NULL,
  -- The listing's name when asked, for the notification's text (no call to the directory when sending).
  laundromat_name text NOT NULL,
  machine text NOT NULL CHECK (machine IN ('washer', 'dryer')),
  language text NOT NULL,
  endpoint text NOT NULL,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
-- Asking again from the same browser renews the alert instead of adding a second notification.
CREATE UNIQUE INDEX availability_alerts_one_per_browser_idx ON availability_alerts (laundromat_id, machine, endpoint);
CREATE INDEX availability_alerts_user_idx ON availability_alerts (user_id);
CREATE INDEX availability_alerts_expiry_idx ON availability_alerts (expires_at);
