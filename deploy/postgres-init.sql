-- Runs once, on an empty data volume (docker-entrypoint-initdb.d). One database per owning app.
CREATE DATABASE payments;
CREATE DATABASE registry;
CREATE DATABASE discovery;
CREATE DATABASE jobs;
CREATE DATABASE trademarks;
