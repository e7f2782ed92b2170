package dev.junction.calldata.protocol;

import dev.junction.market.ConcentratedPool;
import dev.junction.market.ConstantProductPool;
import dev.junction.market.Pool;
import dev.junction.market.StablePool;
import java.util.Locale;

/**
 * What a swap step's {@code data} holds, per DEX family. The provider key and the pool's kind pick it
 * ({@link #of(Pool)}); docs/DECISIONS.md lists the mapping and where forks differ. The families a Junction adapter
 * executes ({@link #executable()}: Uniswap V2 true forks, Uniswap V3 and the forks with its callback, Curve
 * StableSwap) carry the adapter's data ({@link #adapterData()}, ABI types of {@code abi.encode}); the others keep the
 * provider's own router call ({@link #signature()}): they can be quoted and simulated but no adapter runs them.
 */
public enum SwapShape {
    /** Uniswap V2 Router02 and its true forks (SushiSwap, PancakeSwap V2, QuickSwap V2, Trader Joe V1 JoeRouter02). */
    UNISWAP_V2("swapExactTokensForTokens(uint256,uint256,address[],address,uint256)", ""),
    /** Camelot V2 router: only the fee-on-transfer variant, with a referrer before the deadline. */
    CAMELOT_V2("swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256,uint256,address[],address,address,uint256)",
            null),
    /** Aerodrome / Velodrome V2 router: Route{from, to, stable, factory}[] instead of address[]. */
    SOLIDLY_V2("swapExactTokensForTokens(uint256,uint256,(address,address,bool,address)[],address,uint256)", null),
    /** Uniswap V3 (SwapRouter02 call when not executed by an adapter); adapter data abi.encode(uint24 fee). */
    UNISWAP_V3_ROUTER02("exactInput((bytes,address,uint256,uint256))", "uint24"),
    /** PancakeSwap V3 SmartRouter: its pools call pancakeV3SwapCallback, which the V3 adapter does not implement. */
    PANCAKE_V3("exactInput((bytes,address,uint256,uint256))", null),
    /** The original v3-periphery SwapRouter (SushiSwap V3): ExactInputParams with deadline; path token|fee(3)|token. */
    UNISWAP_V3_SWAP_ROUTER("exactInput((bytes,address,uint256,uint256,uint256))", "uint24"),
    /** Algebra SwapRouter (Camelot V3, QuickSwap V3): with deadline; path token|token (dynamic fee, none in path). */
    ALGEBRA("exactInput((bytes,address,uint256,uint256,uint256))", null),
    /** Aerodrome / Velodrome Slipstream SwapRouter: with deadline; path token|tickSpacing(int24, 3)|token. */
    SLIPSTREAM("exactInput((bytes,address,uint256,uint256,uint256))", null),
    /** Curve StableSwap pool exchange(i, j, dx, min_dy); adapter data abi.encode(address pool, int128 i, int128 j). */
    CURVE("exchange(int128,int128,uint256,uint256)", "address,int128,int128"),
    /** Junction's generic swap, where a provider's pool kind has no known router call (see DECISIONS). */
    GENERIC("junctionGenericSwap(bytes32,address,address,uint256,uint256,address,uint256)", null);

    private final String signature;
    private final String adapterData;

    SwapShape(String signature, String adapterData) {
        this.signature = signature;
        this.adapterData = adapterData;
    }

    /** Whether a Junction adapter executes this family (the step's data is then {@link #adapterData()}). */
    public boolean executable() {
        return adapterData != null;
    }

    /** The ABI types of the adapter's step data ({@code abi.encode}), empty for none; null when not executable. */
    public String adapterData() {
        return adapterData;
    }

    /** The canonical signature its selector is keccak256 of. */
    public String signature() {
        return signature;
    }

    /** The shape for a pool: its kind first, then the provider's fork where forks differ. */
    public static SwapShape of(Pool pool) {
        String p = pool.provider().toLowerCase(Locale.ROOT);
        return switch (pool) {
            case ConstantProductPool cp -> {
                if (p.startsWith("aerodrome") || p.startsWith("velodrome")) {
                    yield SOLIDLY_V2;
                }
                yield p.startsWith("camelot") ? CAMELOT_V2 : UNISWAP_V2;
            }
            case ConcentratedPool cl -> {
                if (p.startsWith("aerodrome") || p.startsWith("velodrome")) {
                    yield SLIPSTREAM;
                }
                if (p.startsWith("camelot") || p.startsWith("quickswap")) {
                    yield ALGEBRA;
                }
                if (p.startsWith("sushiswap")) {
                    yield UNISWAP_V3_SWAP_ROUTER;
                }
                if (p.startsWith("pancakeswap")) {
                    yield PANCAKE_V3;
                }
                if (p.startsWith("trader-joe") || p.startsWith("traderjoe") || p.startsWith("lfj")) {
                    yield GENERIC;
                }
                yield UNISWAP_V3_ROUTER02;
            }
            case StablePool s -> CURVE;
        };
    }
}
