-- Foundation: the instance registry. Each start of Junction records one row; a graceful stop sets stopped_at.
-- Shows which instances share this database and that the data directory survives restarts (see /actuator/info).
CREATE TABLE junction_instance (
    instance_id VARCHAR(36)              NOT NULL PRIMARY KEY,
    host        VARCHAR(255)             NOT NULL,
    version     VARCHAR(64)              NOT NULL,
    started_at  TIMESTAMP WITH TIME ZONE NOT NULL,
    stopped_at  TIMESTAMP WITH TIME ZONE
);

CREATE INDEX junction_instance_started ON junction_instance (started_at);
