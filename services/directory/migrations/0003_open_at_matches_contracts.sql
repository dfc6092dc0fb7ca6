-- hours_open_at read some values differently from parseDayHours in packages/contracts (the reference rule):
-- it trimmed only ASCII spaces where JavaScript's trim() also removes tabs, newlines and Unicode spaces, and it
-- accepted '9:00 - 17:00' and an en dash, which the contracts reject (so those rows read closed on every card
-- yet were listed by openNow=true). test/infra/hours-open-at.test.ts checks the two agree.
CREATE OR REPLACE FUNCTION hours_open_at(hours jsonb, tz text, at timestamptz) RETURNS boolean
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
  -- The characters String.prototype.trim() removes.
  value := regexp_replace(
    day_value #>> '{}',
    '^[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+|[\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+$',
    '',
    'g'
  );
  IF value = '24/7' THEN
    RETURN true;
  END IF;
  parts := regexp_match(value, '^([0-9]{1,2}):([0-9]{2})-([0-9]{1,2}):([0-9]{2})$');
  IF parts IS NULL
    OR parts[2]::int > 59 OR parts[4]::int > 59
    OR parts[1]::int > 23 OR parts[3]::int > 24
    OR (parts[3]::int = 24 AND parts[4]::int <> 0) THEN
    RETURN false;
  END IF;
  open_minutes := parts[1]::int * 60 + parts[2]::int;
  close_minutes := parts[3]::int * 60 + parts[4]::int;
  -- '0:00-24:00' is open all day; no overnight ranges (docs/product.md, Behaviour).
  IF open_minutes = 0 AND close_minutes = 1440 THEN
    RETURN true;
  END IF;
  IF close_minutes <= open_minutes THEN
    RETURN false;
  END IF;
  now_minutes := extract(hour FROM local_ts)::int * 60 + extract(minute FROM local_ts)::int;
  RETURN now_minutes >= open_minutes AND now_minutes < close_minutes;
END
$$;
