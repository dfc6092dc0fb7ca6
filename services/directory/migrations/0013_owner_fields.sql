-- The fields a laundromat's verified owner set themselves (API field names: 'openingHours', 'hours',
-- 'washPriceSmall', 'hasWifi', 'phone', ...). The OpenStreetMap sync never overwrites them.
ALTER TABLE laundromats ADD COLUMN owner_fields text[] NOT NULL DEFAULT '{}';

-- The owner's own words about the laundromat (null until they write some).
ALTER TABLE laundromats ADD COLUMN description text;
