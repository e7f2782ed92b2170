package dev.junction.market;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import java.math.BigInteger;
import java.util.List;
import java.util.Objects;

/**
 * A Uniswap V4 pool: one {@code PoolKey} of a chain's singleton {@code PoolManager}, swapped with V3's math
 * ({@link ConcentratedPool}: ticks, sqrt price, liquidity; V4's {@code SwapMath} pays the same output for an exact
 * input). What V4 adds is here: the key (its currencies, native ETH as {@code address(0)}; the fee field, which may be
 * the dynamic-fee flag; the hooks contract) and the protocol fee, which raises each direction's swap fee.
 *
 * @param curve the pool's state and math; its tokens are the market's (a native currency is the chain's wrapped native
 *     token there, which the route carries and the adapter unwraps), its {@code feePips} the current LP fee (slot0's,
 *     the dynamic fee for a dynamic-fee pool), from 0 to {@link #MAX_LP_FEE}
 * @param currency0 the key's currency0 ({@link Address#ZERO} for native ETH)
 * @param currency1 the key's currency1
 * @param keyFee the key's fee field: the static LP fee in pips, or {@link #DYNAMIC_FEE_FLAG}
 * @param hooks the key's hooks contract ({@link Address#ZERO}: none)
 * @param protocolFee slot0's protocol fee: 12 bits per direction (low: zeroForOne, high: oneForZero), each up to 1000
 *     pips
 */
public record UniswapV4Pool(ConcentratedPool curve, Address currency0, Address currency1, int keyFee, Address hooks,
        int protocolFee) implements Pool {

    /** V4's largest LP fee, 100% in pips ({@code LPFeeLibrary.MAX_LP_FEE}). */
    public static final int MAX_LP_FEE = 1_000_000;
    /** The key's fee field of a dynamic-fee pool ({@code LPFeeLibrary.DYNAMIC_FEE_FLAG}). */
    public static final int DYNAMIC_FEE_FLAG = 0x800000;
    /** Largest protocol fee per direction ({@code ProtocolFeeLibrary.MAX_PROTOCOL_FEE}). */
    public static final int MAX_PROTOCOL_FEE = 1000;

    public UniswapV4Pool {
        Objects.requireNonNull(curve, "the pool's state");
        Objects.requireNonNull(hooks, "hooks");
        if (currency0.lower().compareTo(currency1.lower()) >= 0) {
            throw new IllegalArgumentException("a V4 key's currency0 must sort below currency1, was " + currency0
                    + " and " + currency1);
        }
        if (keyFee != DYNAMIC_FEE_FLAG && (keyFee < 0 || keyFee > MAX_LP_FEE)) {
            throw new IllegalArgumentException("a V4 key's fee must be 0 to 1000000 pips or the dynamic-fee flag "
                    + "0x800000, was " + keyFee);
        }
        if (keyFee != DYNAMIC_FEE_FLAG && curve.feePips() != keyFee) {
            throw new IllegalArgumentException("a static-fee V4 pool's LP fee is its key's " + keyFee + ", was "
                    + curve.feePips());
        }
        if (curve.feePips() < 0 || curve.feePips() > MAX_LP_FEE) {
            throw new IllegalArgumentException("a V4 LP fee is 0 to 1000000 pips, was " + curve.feePips());
        }
        if ((protocolFee & 0xfff) > MAX_PROTOCOL_FEE || (protocolFee >>> 12) > MAX_PROTOCOL_FEE) {
            throw new IllegalArgumentException("a V4 protocol fee is up to 1000 pips per direction, was 0x"
                    + Integer.toHexString(protocolFee));
        }
    }

    /** Whether the key's fee field is the dynamic-fee flag (the LP fee is then slot0's, set by the hook). */
    public boolean dynamicFee() {
        return keyFee == DYNAMIC_FEE_FLAG;
    }

    /** The key's tick spacing. */
    public int tickSpacing() {
        return curve.tickSpacing();
    }

    /** Whether the key's currency {@code index} (0 or 1) is native ETH. */
    public boolean nativeCurrency(int index) {
        return (index == 0 ? currency0 : currency1).equals(Address.ZERO);
    }

    /**
     * The fee a swap pays in pips ({@code Pool.swap}): the LP fee, or with a protocol fee {@code p} for the direction
     * {@code p + lp - p * lp / 10^6} ({@code ProtocolFeeLibrary.calculateSwapFee}).
     */
    public int swapFee(boolean zeroForOne) {
        int p = zeroForOne ? protocolFee & 0xfff : protocolFee >>> 12;
        int lp = curve.feePips();
        return p == 0 ? lp : (int) (p + lp - (long) p * lp / MAX_LP_FEE);
    }

    @Override
    public String id() {
        return curve.id();
    }

    @Override
    public ChainId chain() {
        return curve.chain();
    }

    @Override
    public String provider() {
        return curve.provider();
    }

    @Override
    public List<Address> tokens() {
        return curve.tokens();
    }

    /** A swap fee of 100% leaves nothing to swap: V4 pays no output for any input. */
    @Override
    public SwapQuote quote(Address tokenIn, Address tokenOut, BigInteger amountIn) {
        int fee = swapFee(zeroForOne(tokenIn));
        if (fee >= MAX_LP_FEE) {
            return SwapQuote.none(amountIn);
        }
        return withFee(fee).quote(tokenIn, tokenOut, amountIn);
    }

    @Override
    public Pool afterSwap(Address tokenIn, Address tokenOut, BigInteger amountIn) {
        int fee = swapFee(zeroForOne(tokenIn));
        if (fee >= MAX_LP_FEE) {
            return this;
        }
        ConcentratedPool after = (ConcentratedPool) withFee(fee).afterSwap(tokenIn, tokenOut, amountIn);
        return withCurve(new ConcentratedPool(after.id(), after.chain(), after.provider(), after.token0(),
                after.token1(), curve.feePips(), after.tickSpacing(), after.sqrtPriceX96(), after.tick(),
                after.liquidity(), after.liquidityNet(), after.liquidityUsd(), after.windowLow(), after.windowHigh()));
    }

    /** This key with another state of its curve. */
    public UniswapV4Pool withCurve(ConcentratedPool next) {
        return new UniswapV4Pool(next, currency0, currency1, keyFee, hooks, protocolFee);
    }

    @Override
    public double liquidityUsd() {
        return curve.liquidityUsd();
    }

    private boolean zeroForOne(Address tokenIn) {
        return tokenIn.equals(curve.token0());
    }

    private ConcentratedPool withFee(int fee) {
        if (fee == curve.feePips()) {
            return curve;
        }
        return new ConcentratedPool(curve.id(), curve.chain(), curve.provider(), curve.token0(), curve.token1(), fee,
                curve.tickSpacing(), curve.sqrtPriceX96(), curve.tick(), curve.liquidity(), curve.liquidityNet(),
                curve.liquidityUsd(), curve.windowLow(), curve.windowHigh());
    }
}
