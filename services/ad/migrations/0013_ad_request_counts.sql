-- How many ad requests came from where, a day at a time: each slot that asked, served by a campaign or
-- left unfilled (none fitted, or the product's own 'Advertise here'). Counted in cells of a tenth of a degree
-- of the position the page gave, never per request; the campaign form's reach estimate reads 28 days of it.
CREATE TABLE ad_request_counts (
  day date NOT NULL,
  cell_lat smallint NOT NULL,
  cell_lng smallint NOT NULL,
  requests integer NOT NULL DEFAULT 0,
  filled integer NOT NULL DEFAULT 0,
  PRIMARY KEY (day, cell_lat, cell_lng)
);
