package dev.junction.protocol.uniswapv4;

import dev.junction.chain.Address;
import dev.junction.market.UniswapV4Pool;
import java.math.BigInteger;
import java.util.Collection;
import java.util.Optional;

/**
 * Which V4 pools Junction routes, by their hooks (v4-core {@code Hooks.sol}: a hook's permissions are the low 14 bits
 * of its address). A pool without hooks is routable. A hooked pool is routable only when its hook is in the DEX's
 * {@code hooks-allowlist} and none of its permissions can change what a swap pays or which fee it takes, since
 * Junction's quote is V3's math on the pool's state: not {@code beforeSwap} (it runs before the swap's math: it can
 * move the pool's price or liquidity, and sets a dynamic-fee pool's fee per swap) and no {@code ...ReturnDelta} flag
 * (the hook takes or gives part of the swap's amounts). A dynamic-fee pool whose hook passes this rule pays the LP fee
 * in slot0 (the hook can change it only with {@code updateDynamicLPFee}, between swaps).
 */
public final class UniswapV4Hooks {

    /** {@code Hooks.BEFORE_SWAP_FLAG}. */
    public static final int BEFORE_SWAP = 1 << 7;
    /** {@code Hooks.BEFORE_SWAP_RETURNS_DELTA_FLAG}. */
    public static final int BEFORE_SWAP_RETURNS_DELTA = 1 << 3;
    /** {@code Hooks.AFTER_SWAP_RETURNS_DELTA_FLAG}. */
    public static final int AFTER_SWAP_RETURNS_DELTA = 1 << 2;
    /** {@code Hooks.AFTER_ADD_LIQUIDITY_RETURNS_DELTA_FLAG}. */
    public static final int AFTER_ADD_LIQUIDITY_RETURNS_DELTA = 1 << 1;
    /** {@code Hooks.AFTER_REMOVE_LIQUIDITY_RETURNS_DELTA_FLAG}. */
    public static final int AFTER_REMOVE_LIQUIDITY_RETURNS_DELTA = 1;
    /** The permissions that refuse a hook: any of them lets it change a swap's amounts or fee. */
    public static final int REFUSED = BEFORE_SWAP | BEFORE_SWAP_RETURNS_DELTA | AFTER_SWAP_RETURNS_DELTA
            | AFTER_ADD_LIQUIDITY_RETURNS_DELTA | AFTER_REMOVE_LIQUIDITY_RETURNS_DELTA;
    /** {@code Hooks.ALL_HOOK_MASK}: the 14 permission bits. */
    static final int ALL = (1 << 14) - 1;

    private UniswapV4Hooks() {
    }

    /** The permission bits of a hook address. */
    public static int permissions(Address hooks) {
        return new BigInteger(1, hooks.bytes()).intValue() & ALL;
    }

    /**
     * Why a pool of these hooks is not routed; empty when it is.
     *
     * @param allowlist the DEX's {@code hooks-allowlist}
     */
    public static Optional<String> refusal(Address hooks, Collection<Address> allowlist) {
        if (hooks.equals(Address.ZERO)) {
            return Optional.empty();
        }
        if (!allowlist.contains(hooks)) {
            return Optional.of("hooks " + hooks + " are not in hooks-allowlist");
        }
        int refused = permissions(hooks) & REFUSED;
        if (refused != 0) {
            return Optional.of("hooks " + hooks + " have permissions 0x" + Integer.toHexString(refused)
                    + " that can change a swap's amounts or fee (beforeSwap or a returns-delta flag)");
        }
        return Optional.empty();
    }

    /** Whether Junction routes through this pool. */
    public static boolean routable(UniswapV4Pool pool, Collection<Address> allowlist) {
        return refusal(pool.hooks(), allowlist).isEmpty();
    }
}
