package dev.junction.api.instance;

import dev.junction.execution.InstanceId;
import java.net.InetAddress;
import java.time.Clock;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.context.SmartLifecycle;
import org.springframework.stereotype.Component;

/**
 * Records this process in {@code junction_instance} when the context starts and marks it stopped on a graceful
 * shutdown; {@code /actuator/info} shows this instance and how many starts the database has seen.
 */
@Component
class InstanceRegistry implements SmartLifecycle, InfoContributor {

    private static final Logger log = LoggerFactory.getLogger(InstanceRegistry.class);

    private final InstanceRepository repository;
    private final Clock clock = Clock.systemUTC();
    private final String instanceId;
    private volatile boolean running;
    private volatile boolean recorded;

    InstanceRegistry(InstanceRepository repository, InstanceId instanceId) {
        this.repository = repository;
        this.instanceId = instanceId.value();
    }

    /** Records the start; a context that is stopped and started again (e.g. a paused test context) resumes its row. */
    @Override
    public void start() {
        if (recorded) {
            repository.resumed(instanceId);
        } else {
            String version = InstanceRegistry.class.getPackage().getImplementationVersion();
            repository.started(new InstanceRecord(instanceId, host(), version == null ? "dev" : version, now(), null));
            recorded = true;
        }
        running = true;
    }

    @Override
    public void stop() {
        running = false;
        try {
            repository.stopped(instanceId, now());
        } catch (RuntimeException e) {
            log.warn("could not record the stop of instance {}: {}", instanceId, e.getMessage());
        }
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    String instanceId() {
        return instanceId;
    }

    @Override
    public void contribute(Info.Builder builder) {
        List<InstanceRecord> all = repository.all();
        Map<String, Object> details = new LinkedHashMap<>();
        details.put("id", instanceId);
        details.put("startsRecorded", all.size());
        builder.withDetail("instance", details);
    }

    private Instant now() {
        return clock.instant().truncatedTo(ChronoUnit.MICROS);
    }

    private static String host() {
        try {
            String name = InetAddress.getLocalHost().getHostName();
            return name.length() > 255 ? name.substring(0, 255) : name;
        } catch (Exception e) {
            return "unknown";
        }
    }
}
