-- 0007 wrote '24/7' for weekly hours where every day present was '24/7' but some days were missing
-- (bool_and skips nulls); a missing day is not open round the clock. Those rows are written again with
-- the corrected conversion, the same one the service applies (domain/osm-hours/from-weekly.ts).
CREATE FUNCTION osm_day_from_hours(day_value jsonb) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  value text;
  parts text[];
BEGIN
  IF day_value IS NULL OR jsonb_typeof(day_value) <> 'string' THEN
    RETURN 'unknown';
  END IF;
  value := btrim(day_value #>> '{}', E' \t\n\r');
  IF value = 'closed' THEN
    RETURN 'off';
  END IF;
  IF value IN ('24/7', '0:00-24:00', '00:00-24:00') THEN
    RETURN '00:00-24:00';
  END IF;
  parts := regexp_match(value, '^([0-9]{1,2}):([0-9]{2})-([0-9]{1,2}):([0-9]{2})$');
  IF parts IS NULL OR parts[1]::int > 23 OR parts[3]::int > 24 OR parts[2]::int > 59 OR parts[4]::int > 59 THEN
    RETURN 'unknown';
  END IF;
  RETURN lpad(parts[1], 2, '0') || ':' || parts[2] || '-' || lpad(parts[3], 2, '0') || ':' || parts[4];
END
$$;

CREATE FUNCTION osm_week_from_hours(hours jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN hours IS NULL OR jsonb_typeof(hours) <> 'object' OR hours = '{}'::jsonb THEN NULL
    WHEN (SELECT bool_and(coalesce(hours ->> d = '24/7', false))
          FROM unnest(ARRAY['monday','tuesday','wednesday','thursday','friday','saturday','sunday']) AS d)
      THEN '24/7'
    ELSE (SELECT string_agg(abbr || ' ' || osm_day_from_hours(hours -> d), '; ' ORDER BY n)
          FROM unnest(ARRAY['monday','tuesday','wednesday','thursday','friday','saturday','sunday'],
                      ARRAY['Mo','Tu','We','Th','Fr','Sa','Su']) WITH ORDINALITY AS w(d, abbr, n))
  END
$$;

UPDATE laundromats SET opening_hours = osm_week_from_hours(hours)
WHERE opening_hours = '24/7' AND hours IS NOT NULL AND osm_week_from_hours(hours) IS DISTINCT FROM '24/7';

DROP FUNCTION osm_week_from_hours(jsonb);
DROP FUNCTION osm_day_from_hours(jsonb);
