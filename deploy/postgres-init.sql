-- Runs once, on an empty data volume (docker-entrypoint-initdb.d). One database per owning app.
CREATE DATABASE payments;
CREATE DATABASE registry;
CREATE DATABASE discovery;
CREATE DATABASE messaging;
CREATE DATABASE spend;
CREATE DATABASE batch;
CREATE DATABASE short;
-- Shared by every group that calls SEC: the cross-replica SEC rate governor (SEC_GOVERNOR_DATABASE_URL).
CREATE DATABASE governor;
CREATE DATABASE funding;
CREATE DATABASE jobs;
CREATE DATABASE trademarks;
CREATE DATABASE screener;
