package dev.junction.protocol.celer;

import static dev.junction.chain.abi.Abi.address;
import static dev.junction.chain.abi.Abi.uint256;
import static dev.junction.chain.abi.Abi.uint32;
import static dev.junction.chain.abi.Abi.uint64;

import dev.junction.chain.abi.Abi;
import dev.junction.market.BridgeLane;
import dev.junction.protocol.BridgeProtocol;
import dev.junction.protocol.BridgeStep;
import dev.junction.protocol.StepShape;
import dev.junction.protocol.shared.Recipients;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Celer cBridge (liquidity pool bridge): {@code send} with a nonce from the quote id and the slippage the route allows.
 * Sandbox only: quoted and simulated, no Junction adapter.
 */
public final class Celer implements BridgeProtocol {

    /** Celer cBridge send (liquidity pool bridge). */
    public static final StepShape SEND = StepShape.call("CELER", "send(address,address,uint256,uint64,uint64,uint32)");

    /** The bridge's canonical provider key. */
    public static final String KEY = "celer";
    private static final List<String> KEYS = List.of(KEY, "cbridge");

    @Override
    public List<String> providerKeys() {
        return KEYS;
    }

    @Override
    public List<StepShape> shapes() {
        return List.of(SEND);
    }

    @Override
    public boolean carriesMessage(BridgeLane lane) {
        return false;
    }

    @Override
    public byte[] stepData(BridgeStep b) {
        BigInteger in = b.amountIn().value();
        return Abi.call(SEND.signature(), address(Recipients.evm(b.recipient(), "receiver")), address(b.tokenIn()),
                uint256(in), uint64(b.toChain().value()),
                uint64(ByteBuffer.wrap(b.quoteId()).getLong() & Long.MAX_VALUE),
                uint32(slippage(in, b.minAmountOut().value())));
    }

    /** cBridge maxSlippage in millionths of the amount: ceil((in - min) * 10^6 / in). */
    static long slippage(BigInteger in, BigInteger min) {
        BigInteger gap = in.subtract(min).max(BigInteger.ZERO).multiply(BigInteger.valueOf(1_000_000));
        BigInteger[] qr = gap.divideAndRemainder(in);
        long v = qr[0].longValueExact() + (qr[1].signum() > 0 ? 1 : 0);
        return Math.min(v, 1_000_000);
    }
}
