-- Generated from services.ts by `npm run deploy:generate`.
-- Runs once, on the first start of an empty PostgreSQL data directory (docker-entrypoint-initdb.d).
-- Each service owns one database; none reads another's.
CREATE DATABASE laundry_identity;
CREATE DATABASE laundry_directory;
CREATE DATABASE laundry_review;
CREATE DATABASE laundry_photo;
CREATE DATABASE laundry_ad;
CREATE DATABASE laundry_billing;
CREATE DATABASE laundry_availability;
CREATE DATABASE laundry_owner;

\connect laundry_identity
CREATE EXTENSION IF NOT EXISTS postgis;
\connect laundry_directory
CREATE EXTENSION IF NOT EXISTS postgis;
\connect laundry_review
CREATE EXTENSION IF NOT EXISTS postgis;
\connect laundry_photo
CREATE EXTENSION IF NOT EXISTS postgis;
\connect laundry_ad
CREATE EXTENSION IF NOT EXISTS postgis;
\connect laundry_billing
CREATE EXTENSION IF NOT EXISTS postgis;
\connect laundry_availability
CREATE EXTENSION IF NOT EXISTS postgis;
\connect laundry_owner
CREATE EXTENSION IF NOT EXISTS postgis;
