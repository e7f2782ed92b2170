package dev.junction.webhooks.internal;

import dev.junction.execution.InstanceId;
import dev.junction.execution.Swaps;
import dev.junction.status.StatusService;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.InetAddress;
import java.util.function.LongSupplier;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;
import tools.jackson.databind.json.JsonMapper;

/** Wires the webhooks: the outbox, its listener on the executor, the dispatcher, the watches and the streams. */
@Configuration(proxyBeanMethods = false)
class WebhooksConfiguration {

    /** Every time here is wall-clock epoch ms. */
    private static final LongSupplier CLOCK = System::currentTimeMillis;

    @Bean
    OutboxSignal outboxSignal() {
        return new OutboxSignal();
    }

    @Bean
    OutboxRepository outboxRepository(JdbcClient jdbc) {
        return new OutboxRepository(jdbc);
    }

    @Bean
    WatchRepository watchRepository(JdbcClient jdbc) {
        return new WatchRepository(jdbc);
    }

    @Bean
    DeliveryRepository deliveryRepository(JdbcClient jdbc) {
        return new DeliveryRepository(jdbc);
    }

    @Bean
    WebhookRepository webhookRepository(JdbcClient jdbc) {
        return new WebhookRepository(jdbc);
    }

    @Bean
    TransactionTemplate webhookTransactions(PlatformTransactionManager txManager) {
        return new TransactionTemplate(txManager);
    }

    @Bean
    Outbox outbox(OutboxRepository events, JsonMapper json, OutboxSignal signal) {
        return new Outbox(events, json, signal);
    }

    /**
     * The executor's changes into the outbox (written whether or not this instance delivers); a swap read from the
     * chain into its watch, waking this instance's follower.
     */
    @Bean
    SwapOutbox swapOutbox(Outbox outbox, OutboxRepository events, WatchRepository watches,
            ObjectProvider<StatusService> status, ObjectProvider<WatchFollower> follower, WebhookProperties props) {
        return new SwapOutbox(outbox, events, watches, status::getObject, () -> follower.ifAvailable(
                WatchFollower::wake), props.watchMaxAge(), CLOCK);
    }

    @Bean
    UrlPolicy webhookUrlPolicy(WebhookProperties props) {
        return new UrlPolicy(props.allowedHosts(), InetAddress::getAllByName);
    }

    @Bean
    WebhookClient webhookClient(WebhookProperties props) {
        return new WebhookClient(props.timeout());
    }

    @Bean
    WebhookService webhooks(WebhookRepository webhooks, DeliveryRepository deliveries, UrlPolicy webhookUrlPolicy,
            WebhookClient webhookClient, JsonMapper json, WebhookProperties props) {
        return new WebhookService(webhooks, deliveries, webhookUrlPolicy, webhookClient, json, props.maxPerKey(),
                CLOCK);
    }

    @Bean
    WatchService statusWatches(OutboxRepository events, WatchRepository watches, Swaps swaps, StatusService status,
            TransactionTemplate webhookTransactions, WebhookProperties props) {
        return new WatchService(events, watches, swaps, status, webhookTransactions, props.watchMaxAge(), CLOCK);
    }

    @Bean
    StreamService statusStreams(OutboxRepository events, Outbox outbox, OutboxSignal signal, WatchService watches,
            StatusService status, WebhookProperties props) {
        return new StreamService(events, outbox, signal, watches, status, props, CLOCK);
    }

    @Bean
    WebhookMetrics webhookMetrics(ObjectProvider<MeterRegistry> registry) {
        return new WebhookMetrics(registry.getIfAvailable(SimpleMeterRegistry::new), CLOCK);
    }

    @Bean
    Dispatcher webhookDispatcher(DeliveryRepository deliveries, UrlPolicy webhookUrlPolicy,
            WebhookClient webhookClient, TransactionTemplate webhookTransactions, WebhookProperties props,
            WebhookMetrics webhookMetrics, InstanceId instance, OutboxSignal signal) {
        Dispatcher d = new Dispatcher(deliveries, webhookUrlPolicy, webhookClient, webhookTransactions, props,
                webhookMetrics, instance.value(), CLOCK);
        signal.onSignal(d::wake);
        return d;
    }

    @Bean
    WatchFollower statusWatchFollower(WatchRepository watches, Outbox outbox, StatusService status, Swaps swaps,
            TransactionTemplate webhookTransactions, InstanceId instance, WebhookProperties props) {
        return new WatchFollower(watches, outbox, status, swaps, webhookTransactions, instance.value(), props, CLOCK);
    }

    @Bean
    OutboxPurge outboxPurge(DeliveryRepository deliveries, OutboxRepository events, WatchRepository watches,
            WebhookProperties props) {
        return new OutboxPurge(deliveries, events, watches, props.retention(), CLOCK);
    }
}
