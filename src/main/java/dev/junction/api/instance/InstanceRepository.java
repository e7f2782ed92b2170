package dev.junction.api.instance;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The {@code junction_instance} table (V1__foundation). */
@Repository
public class InstanceRepository {

    private final JdbcClient jdbc;

    public InstanceRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    public void started(InstanceRecord instance) {
        jdbc.sql("INSERT INTO junction_instance (instance_id, host, version, started_at) VALUES (?, ?, ?, ?)")
                .params(instance.instanceId(), instance.host(), instance.version(), utc(instance.startedAt()))
                .update();
    }

    /** Marks an instance stopped; returns whether it was found. */
    public boolean stopped(String instanceId, Instant at) {
        return jdbc.sql("UPDATE junction_instance SET stopped_at = ? WHERE instance_id = ?")
                .params(utc(at), instanceId)
                .update() == 1;
    }

    /** Marks a stopped instance running again; returns whether it was found. */
    public boolean resumed(String instanceId) {
        return jdbc.sql("UPDATE junction_instance SET stopped_at = NULL WHERE instance_id = ?")
                .params(instanceId)
                .update() == 1;
    }

    /** All instances that ever started on this database, newest first. */
    public List<InstanceRecord> all() {
        return jdbc.sql("SELECT instance_id, host, version, started_at, stopped_at FROM junction_instance "
                        + "ORDER BY started_at DESC, instance_id")
                .query((rs, n) -> new InstanceRecord(rs.getString(1), rs.getString(2), rs.getString(3),
                        rs.getObject(4, OffsetDateTime.class).toInstant(),
                        rs.getObject(5, OffsetDateTime.class) == null ? null
                                : rs.getObject(5, OffsetDateTime.class).toInstant()))
                .list();
    }

    private static OffsetDateTime utc(Instant at) {
        return at.atOffset(ZoneOffset.UTC);
    }
}
