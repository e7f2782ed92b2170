package dev.junction.webhooks.internal;

import dev.junction.webhooks.Owner;
import dev.junction.webhooks.Webhooks.Webhook;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Table {@code webhooks}: the registered endpoints, each with its owner and signing secret. */
final class WebhookRepository {

    /** A webhook with what a delivery needs. */
    record Endpoint(Webhook webhook, Owner owner, String secret) {
    }

    private final JdbcClient jdbc;

    WebhookRepository(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    void insert(Endpoint e) {
        Webhook w = e.webhook();
        jdbc.sql("INSERT INTO webhooks (id, owner, url, description, secret, created_at_ms) VALUES (?,?,?,?,?,?)")
                .params(w.id(), e.owner().value(), w.url(), w.description(), e.secret(), w.createdAtMs()).update();
    }

    List<Webhook> list(Owner owner) {
        return jdbc.sql("SELECT * FROM webhooks WHERE owner = ? ORDER BY created_at_ms, id").param(owner.value())
                .query(WebhookRepository::webhook).list();
    }

    int count(Owner owner) {
        return jdbc.sql("SELECT COUNT(*) FROM webhooks WHERE owner = ?").param(owner.value()).query(Integer.class)
                .single();
    }

    Optional<Webhook> find(Owner owner, String id) {
        return jdbc.sql("SELECT * FROM webhooks WHERE owner = ? AND id = ?").params(owner.value(), id)
                .query(WebhookRepository::webhook).optional();
    }

    Optional<Endpoint> endpoint(String id) {
        return jdbc.sql("SELECT * FROM webhooks WHERE id = ?").param(id)
                .query((rs, n) -> new Endpoint(webhook(rs, n), new Owner(rs.getString("owner")),
                        rs.getString("secret"))).optional();
    }

    /** Deletes the webhook and its deliveries; false when the owner has none with this id. */
    boolean delete(Owner owner, String id) {
        if (find(owner, id).isEmpty()) {
            return false;
        }
        jdbc.sql("DELETE FROM webhook_deliveries WHERE webhook_id = ?").param(id).update();
        return jdbc.sql("DELETE FROM webhooks WHERE owner = ? AND id = ?").params(owner.value(), id).update() == 1;
    }

    private static Webhook webhook(ResultSet rs, int n) throws SQLException {
        return new Webhook(rs.getString("id"), rs.getString("url"), rs.getString("description"),
                rs.getLong("created_at_ms"));
    }
}
