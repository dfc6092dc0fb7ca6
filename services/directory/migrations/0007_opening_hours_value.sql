-- A laundromat's hours are its OpenStreetMap opening_hours value, read by the OSM reference library in the
-- service; the weekly `hours` object stays, derived from it, for the weekly table and older clients.
-- Existing rows get a value written from their weekly hours: each day 'Mo 09:00-21:00', 'Mo off' for
-- 'closed', 'Mo 00:00-24:00' for a whole day, '24/7' when every day is, and 'Mo unknown' for a day with no
-- usable entry (the card said 'Hours not available' for it, never closed).
ALTER TABLE laundromats ADD COLUMN opening_hours text;
-- The region (state) for regional public holidays, when known.
ALTER TABLE laundromats ADD COLUMN region text;

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
    WHEN (SELECT bool_and(hours ->> d = '24/7')
          FROM unnest(ARRAY['monday','tuesday','wednesday','thursday','friday','saturday','sunday']) AS d)
      THEN '24/7'
    ELSE (SELECT string_agg(abbr || ' ' || osm_day_from_hours(hours -> d), '; ' ORDER BY n)
          FROM unnest(ARRAY['monday','tuesday','wednesday','thursday','friday','saturday','sunday'],
                      ARRAY['Mo','Tu','We','Th','Fr','Sa','Su']) WITH ORDINALITY AS w(d, abbr, n))
  END
$$;

UPDATE laundromats SET opening_hours = osm_week_from_hours(hours) WHERE opening_hours IS NULL AND hours IS NOT NULL;

-- Only the service writes opening_hours from now on: the conversion is not kept.
DROP FUNCTION osm_week_from_hours(jsonb);
DROP FUNCTION osm_day_from_hours(jsonb);
