package dev.junction.api.web;

import dev.junction.store.PeriodicTask;
import io.github.bucket4j.TimeMeter;
import java.sql.DatabaseMetaData;
import java.time.Duration;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.support.JdbcUtils;
import org.springframework.jdbc.support.MetaDataAccessException;

/**
 * Where the rate limit's buckets live: in PostgreSQL when the service's database is PostgreSQL (shared by every
 * instance), else in memory (H2 serves one instance). Expired shared buckets are deleted once a minute.
 */
@Configuration(proxyBeanMethods = false)
class RateLimitStore {

    private static final Logger log = LoggerFactory.getLogger(RateLimitStore.class);

    @Bean
    RateLimitBuckets rateLimitBuckets(AccessProperties properties, DataSource dataSource) {
        if (isPostgres(dataSource)) {
            log.info("rate limits: buckets shared through PostgreSQL (table rate_limit_buckets)");
            return RateLimitBuckets.shared(properties.rateLimit(), dataSource, TimeMeter.SYSTEM_MILLISECONDS);
        }
        return RateLimitBuckets.inMemory(properties.rateLimit());
    }

    @Bean(initMethod = "start", destroyMethod = "stop")
    PeriodicTask rateLimitExpiry(RateLimitBuckets rateLimitBuckets) {
        return new PeriodicTask("rate-limit-expiry", Duration.ofMinutes(1), rateLimitBuckets::removeExpired);
    }

    static boolean isPostgres(DataSource dataSource) {
        try {
            return "PostgreSQL".equals(JdbcUtils.extractDatabaseMetaData(dataSource,
                    DatabaseMetaData::getDatabaseProductName));
        } catch (MetaDataAccessException e) {
            log.warn("rate limits: the database's product is unknown ({}); buckets in memory", e.getMessage());
            return false;
        }
    }
}
