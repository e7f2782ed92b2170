package dev.junction.gasless;

import static org.assertj.core.api.Assertions.assertThat;

import dev.junction.chain.Address;
import dev.junction.chain.Amount;
import dev.junction.chain.ChainId;
import dev.junction.execution.PlanStep;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class QuoteRecordTest {

    /** Every component of a distinct value, so a swap of two same-typed components (sender/receiver) shows. */
    static QuoteRecord record() {
        return new QuoteRecord("0xquote", 3, Address.evm("0x1111111111111111111111111111111111111111"),
                Address.evm("0x2222222222222222222222222222222222222222"), ChainId.of(1), ChainId.of(42161),
                Address.evm("0x3333333333333333333333333333333333333333"),
                Address.evm("0x4444444444444444444444444444444444444444"), Amount.of(1_000), Amount.of(10),
                Amount.of(990), Amount.of(500), Amount.of(495), Address.evm("0x5555555555555555555555555555555555555555"),
                Address.evm("0x6666666666666666666666666666666666666666"), new PermitNonce(7), 1_800_000_000L, "",
                "0xdeadbeef", "cross_chain", 1, List.of("uniswap-v3", "across"), "uniswap-v3",
                List.of(new PlanStep.Swap(ChainId.of(1), "pool-1",
                        Address.evm("0x3333333333333333333333333333333333333333"),
                        Address.evm("0x7777777777777777777777777777777777777777"), Amount.of(990), Amount.of(480))),
                new QuoteRecord.OnChain(25, Address.evm("0x8888888888888888888888888888888888888888"),
                        "0x" + "ab".repeat(32), "0x" + "cd".repeat(32),
                        Address.evm("0x9999999999999999999999999999999999999999")));
    }

    /** {@link #record()} with another quote id, nonce and deadline (Unix seconds). */
    static QuoteRecord record(String quoteId, long nonce, long deadline) {
        QuoteRecord r = record();
        return new QuoteRecord(quoteId, r.acquisitionMode(), r.sender(), r.receiver(), r.fromChain(), r.toChain(),
                r.fromToken(), r.toToken(), r.amountIn(), r.feeAmount(), r.amountInAfterFee(), r.amountOut(),
                r.amountOutMin(), r.spender(), r.router(), new PermitNonce(nonce), deadline, "0xdigest",
                r.innerData(), r.routeKind(), r.bridgeCount(), r.providers(), r.mainProvider(), r.steps(),
                r.onChain());
    }

    @Test
    void withDigestSetsTheDigestAndKeepsEveryOtherComponent() throws Exception {
        QuoteRecord before = record();
        QuoteRecord after = before.withDigest("0xabcd");

        assertThat(after.digest()).isEqualTo("0xabcd");
        for (RecordComponent c : QuoteRecord.class.getRecordComponents()) {
            if (!c.getName().equals("digest")) {
                assertThat(c.getAccessor().invoke(after)).as(c.getName()).isEqualTo(c.getAccessor().invoke(before));
            }
        }
    }

    @Test
    void everyComponentOfTheSampleIsDistinctSoASwapWouldShow() throws Exception {
        List<Object> values = new ArrayList<>();
        for (RecordComponent c : QuoteRecord.class.getRecordComponents()) {
            values.add(c.getAccessor().invoke(record()));
        }
        assertThat(values).doesNotHaveDuplicates();
    }
}
