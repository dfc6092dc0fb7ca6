-- The card reading of open or closed (docs/product.md, Behaviour) in SQL, so openNow=true filters inside the
-- query and pagination stays exact. It mirrors src/domain/opening-hours.ts (parseDayHours, isOpenAt 'card');
-- a test checks they agree.
CREATE FUNCTION hours_open_at(hours jsonb, tz text, at timestamptz) RETURNS boolean
LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
DECLARE
  local_ts timestamp := at AT TIME ZONE tz;
  day_value jsonb;
  value text;
  parts text[];
  open_minutes int;
  close_minutes int;
  now_minutes int;
BEGIN
  IF hours IS NULL OR jsonb_typeof(hours) <> 'object' THEN
    RETURN false;
  END IF;
  day_value := hours -> btrim(to_char(local_ts, 'day'));
  IF day_value IS NULL OR jsonb_typeof(day_value) <> 'string' THEN
    RETURN false;
  END IF;
  value := btrim(day_value #>> '{}');
  IF value = '24/7' THEN
    RETURN true;
  END IF;
  parts := regexp_match(value, '^(\d{1,2}):(\d{2})\s*[-–]\s*(\d{1,2}):(\d{2})$');
  IF parts IS NULL
    OR parts[2]::int > 59 OR parts[4]::int > 59
    OR parts[1]::int > 24 OR parts[3]::int > 24
    OR (parts[1]::int = 24 AND parts[2]::int <> 0)
    OR (parts[3]::int = 24 AND parts[4]::int <> 0) THEN
    RETURN false;
  END IF;
  open_minutes := parts[1]::int * 60 + parts[2]::int;
  close_minutes := parts[3]::int * 60 + parts[4]::int;
  IF open_minutes = 0 AND close_minutes = 1440 THEN
    RETURN true;
  END IF;
  IF open_minutes >= 1440 OR close_minutes <= open_minutes THEN
    RETURN false;
  END IF;
  now_minutes := extract(hour FROM local_ts)::int * 60 + extract(minute FROM local_ts)::int;
  RETURN now_minutes >= open_minutes AND now_minutes < close_minutes;
END
$$;
