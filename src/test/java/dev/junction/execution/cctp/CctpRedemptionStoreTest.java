package dev.junction.execution.cctp;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.chain.TxHash;
import dev.junction.protocol.cctp.CctpMessages.Message;
import dev.junction.support.BothDatabases;
import dev.junction.support.TestDatabase;

/** The V39_8 tables and the redeemer's store, on H2 and on PostgreSQL. */
class CctpRedemptionStoreTest {

    static final ChainId ETHEREUM = ChainId.of(1);
    static final ChainId OPTIMISM = ChainId.of(10);
    static final Address RECEIVER = Address.evm("0x00000000000000000000000000000000000000b4");

    static CctpRedemption leg(long burnNonce) {
        byte[] burn = new byte[116 + 132];
        burn[19] = (byte) burnNonce;
        byte[] leg = new byte[116 + 64];
        leg[19] = (byte) (burnNonce + 1);
        return new CctpRedemption(ETHEREUM, burnNonce, burnNonce + 1, new TxHash("0x" + "ab".repeat(32)), 100,
                OPTIMISM, RECEIVER, new Message(burn), new Message(leg), new byte[] {1, 2, 3}, null, null,
                CctpRedemption.State.ATTESTING, null, null, 0, 1_000, null, 1_000);
    }

    @BothDatabases
    void aLegIsRecordedOnceAndResumedFromItsRow(TestDatabase db) {
        CctpRedemptionStore store = new CctpRedemptionStore(db.jdbc());
        assertThat(store.insert(leg(41), 1_000)).isTrue();
        assertThat(store.insert(leg(41), 2_000)).isFalse();
        assertThat(store.insert(leg(43), 1_000)).isTrue();

        CctpRedemption read = store.find(ETHEREUM, 41).orElseThrow();
        assertThat(read.legNonce()).isEqualTo(42);
        assertThat(read.burn()).isEqualTo(leg(41).burn());
        assertThat(read.leg()).isEqualTo(leg(41).leg());
        assertThat(read.message()).containsExactly(1, 2, 3);
        assertThat(read.receiver()).isEqualTo(RECEIVER);
        assertThat(read.destinationChain()).isEqualTo(OPTIMISM);
        assertThat(read.state()).isEqualTo(CctpRedemption.State.ATTESTING);
        assertThat(read.burnAttestation()).isNull();
        assertThat(read.createdAtMs()).isEqualTo(1_000);
        assertThat(store.find(OPTIMISM, 41)).isEmpty();

        assertThat(store.due(999, 10)).isEmpty();
        assertThat(store.due(1_000, 10)).extracting(CctpRedemption::burnNonce).containsExactly(41L, 43L);
        store.waitUntil(read, 5_000, 1_000);
        assertThat(store.due(1_000, 10)).extracting(CctpRedemption::burnNonce).containsExactly(43L);

        store.attested(read, new byte[65], new byte[130], 1_500);
        store.retryLater(read, "node unavailable", 9_000, 1_600);
        CctpRedemption attested = store.find(ETHEREUM, 41).orElseThrow();
        assertThat(attested.burnAttestation()).hasSize(65);
        assertThat(attested.legAttestation()).hasSize(130);
        assertThat(attested.attempts()).isEqualTo(1);
        assertThat(attested.lastError()).isEqualTo("node unavailable");
        assertThat(attested.nextAttemptAtMs()).isEqualTo(9_000);

        store.sending(attested, "relayed-1", 2_000);
        assertThat(store.find(ETHEREUM, 41).orElseThrow().relayedTxId()).isEqualTo("relayed-1");
        assertThat(store.find(ETHEREUM, 41).orElseThrow().state()).isEqualTo(CctpRedemption.State.SENDING);
        store.done(attested, new TxHash("0x" + "cd".repeat(32)), 3_000);
        CctpRedemption done = store.find(ETHEREUM, 41).orElseThrow();
        assertThat(done.state()).isEqualTo(CctpRedemption.State.DONE);
        assertThat(done.redeemTx()).isEqualTo(new TxHash("0x" + "cd".repeat(32)));
        assertThat(store.due(10_000, 10)).extracting(CctpRedemption::burnNonce).containsExactly(43L);

        store.redeemedElsewhere(store.find(ETHEREUM, 43).orElseThrow(), 3_000);
        assertThat(store.find(ETHEREUM, 43).orElseThrow().state()).isEqualTo(CctpRedemption.State.REDEEMED_ELSEWHERE);
        assertThat(store.due(10_000, 10)).isEmpty();
        assertThat(leg(41).reference()).isEqualTo("cctp-redeemer:1:41");
    }

    @BothDatabases
    void theCursorStartsEmptyAndNeverGoesBack(TestDatabase db) {
        CctpRedemptionStore store = new CctpRedemptionStore(db.jdbc());
        assertThat(store.cursor(ETHEREUM)).isEmpty();
        store.advance(ETHEREUM, 100, 1);
        store.advance(ETHEREUM, 150, 2);
        store.advance(ETHEREUM, 120, 3);
        store.advance(OPTIMISM, 7, 3);
        assertThat(store.cursor(ETHEREUM)).hasValue(150);
        assertThat(store.cursor(OPTIMISM)).hasValue(7);
    }

    @BothDatabases
    void aFailedLegKeepsItsError(TestDatabase db) {
        CctpRedemptionStore store = new CctpRedemptionStore(db.jdbc());
        store.insert(leg(41), 1_000);
        store.failed(leg(41), "x".repeat(2_000), 2_000);
        CctpRedemption failed = store.find(ETHEREUM, 41).orElseThrow();
        assertThat(failed.state()).isEqualTo(CctpRedemption.State.FAILED);
        assertThat(failed.lastError()).hasSize(CctpRedemptionStore.ERROR_LENGTH);
    }
}
