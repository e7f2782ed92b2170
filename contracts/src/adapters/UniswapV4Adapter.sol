// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IJunctionNativeSwapAdapter, IJunctionStepPayer, IWETH9} from "../interfaces/IJunctionAdapter.sol";
import {RouterOnly} from "./RouterOnly.sol";

/// @notice v4-core's PoolKey (currencies sorted, address(0) for native ETH).
struct PoolKey {
    address currency0;
    address currency1;
    uint24 fee;
    int24 tickSpacing;
    address hooks;
}

/// @notice v4-core 1.0 IPoolManager.SwapParams (amountSpecified < 0: exact input).
struct SwapParams {
    bool zeroForOne;
    int256 amountSpecified;
    uint160 sqrtPriceLimitX96;
}

/// @notice The parts of v4-core's PoolManager the adapter calls.
interface IPoolManager {
    function unlock(bytes calldata data) external returns (bytes memory);
    function swap(PoolKey memory key, SwapParams memory params, bytes calldata hookData)
        external
        returns (int256 balanceDelta);
    function sync(address currency) external;
    function settle() external payable returns (uint256 paid);
    function take(address currency, address to, uint256 amount) external;
}

/// @title Uniswap V4 adapter
/// @notice Exact-input swap through one V4 pool: {swap} unlocks the PoolManager; in {unlockCallback} (accepted only
/// from the PoolManager, only during this adapter's own {swap}) it swaps the key the step data names, pays the input
/// (ERC-20: sync, the router pays the PoolManager with {IJunctionStepPayer.payStepInput}, settle; native ETH named
/// NATIVE by the step: the swap's value, exactly the input, settled as value; native ETH named WETH by the step: the
/// router pays WETH here, unwrapped and settled as value) and takes the output to the recipient (native ETH named
/// NATIVE: taken as native, the recipient being the router; named WETH: wrapped first). The key must be the pool of the
/// step's tokens (address(0) standing for NATIVE or WETH), and a hooked key's hooks must be in the allowlist fixed at
/// deployment with no permission that changes a swap's amounts or fee (beforeSwap, any returns-delta flag). A partial
/// fill reverts, and so does a value other than a native input. Step data: abi.encode(PoolKey).
contract UniswapV4Adapter is IJunctionNativeSwapAdapter, RouterOnly {
    uint160 internal constant MIN_SQRT_PRICE_PLUS_ONE = 4295128740;
    uint160 internal constant MAX_SQRT_PRICE_MINUS_ONE = 1461446703485210103287273052203988822378723970341;
    /// @notice Hooks.BEFORE_SWAP_FLAG | the four returns-delta flags: permissions that change a swap's amounts/fee.
    uint160 public constant REFUSED_HOOK_PERMISSIONS = (1 << 7) | (1 << 3) | (1 << 2) | (1 << 1) | 1;
    /// @dev Transient slot: the payer (the caller of {swap}) while this adapter's swap holds the PoolManager unlocked.
    uint256 internal constant T_PAYER = uint256(keccak256("junction.UniswapV4Adapter.payer"));
    /// @notice ERC-7528 native token address: a step's token standing for the pool's native currency, unwrapped.
    address public constant NATIVE = 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE;
    /// @dev How the callback moves a currency: as an ERC-20, as native wrapped in WETH on the route, or as native.
    uint256 internal constant AS_TOKEN = 0;
    uint256 internal constant AS_WETH = 1;
    uint256 internal constant AS_NATIVE = 2;

    IPoolManager public immutable poolManager;
    IWETH9 public immutable weth;
    /// @notice The hooks whose pools this adapter swaps through (pools without hooks always).
    mapping(address => bool) public isAllowedHook;

    error NotPoolManager(address caller);
    error NotInSwap();
    error Reentered();
    error KeyNotOfStep(address tokenIn, address tokenOut);
    error HookNotAllowed(address hooks);
    error HookMayChangeSwap(address hooks);
    error PartialFill(uint256 spent, uint256 amountIn);
    error UnexpectedNative(address from);
    /// @notice The swap's value is not exactly its native input (or is not zero for any other input).
    error ValueMismatch(uint256 expected, uint256 value);

    constructor(address router_, IPoolManager poolManager_, IWETH9 weth_, address[] memory allowedHooks_)
        RouterOnly(router_)
    {
        poolManager = poolManager_;
        weth = weth_;
        for (uint256 i; i < allowedHooks_.length; ++i) {
            address h = allowedHooks_[i];
            if (h == address(0) || uint160(h) & REFUSED_HOOK_PERMISSIONS != 0) revert HookMayChangeSwap(h);
            isAllowedHook[h] = true;
        }
    }

    /// @notice Native ETH only from WETH (unwrapping the input) and the PoolManager (taking a native output).
    receive() external payable {
        if (msg.sender != address(weth) && msg.sender != address(poolManager)) revert UnexpectedNative(msg.sender);
    }

    /// @notice address(0): the PoolManager is paid during the swap, by the caller of {swap}.
    function payee(address, address, bytes calldata) external pure returns (address) {
        return address(0);
    }

    /// @dev Payable for a native input (tokenIn NATIVE): the value must be exactly `amountIn`, and zero otherwise, so
    /// the adapter never holds native after the swap (a partial fill reverts).
    function swap(address tokenIn, address tokenOut, uint256 amountIn, address recipient, bytes calldata data)
        external
        payable
        onlyRouter
        returns (uint256 amountOut)
    {
        if (_tload() != 0) revert Reentered();
        uint256 value = tokenIn == NATIVE ? amountIn : 0;
        if (msg.value != value) revert ValueMismatch(value, msg.value);
        PoolKey memory key = abi.decode(data, (PoolKey));
        bytes memory callback =
            abi.encode(key, _checkKey(key, tokenIn, tokenOut), amountIn, recipient, _how(tokenIn, tokenOut));
        _tstore(uint256(uint160(msg.sender)));
        amountOut = abi.decode(poolManager.unlock(callback), (uint256));
        _tstore(0);
    }

    /// @dev How the callback moves the input (low byte) and the output (next byte).
    function _how(address tokenIn, address tokenOut) internal view returns (uint256) {
        return _how(tokenIn) | _how(tokenOut) << 8;
    }

    function _how(address token) internal view returns (uint256) {
        return token == NATIVE ? AS_NATIVE : token == address(weth) ? AS_WETH : AS_TOKEN;
    }

    /// @notice The swap inside the PoolManager's lock: only from the PoolManager, only during {swap}.
    function unlockCallback(bytes calldata data) external returns (bytes memory) {
        if (msg.sender != address(poolManager)) revert NotPoolManager(msg.sender);
        address payer = address(uint160(_tload()));
        if (payer == address(0)) revert NotInSwap();
        (PoolKey memory key, bool zeroForOne, uint256 amountIn, address recipient, uint256 how) =
            abi.decode(data, (PoolKey, bool, uint256, address, uint256));
        uint256 amountOut = _swapExact(key, zeroForOne, amountIn);
        (address currencyIn, address currencyOut) =
            zeroForOne ? (key.currency0, key.currency1) : (key.currency1, key.currency0);
        _pay(payer, currencyIn, amountIn, how & 0xff);
        _deliver(currencyOut, recipient, amountOut, how >> 8);
        return abi.encode(amountOut);
    }

    /// @dev Swaps exactly `amountIn` (a partial fill reverts); returns the output owed to the adapter.
    function _swapExact(PoolKey memory key, bool zeroForOne, uint256 amountIn) internal returns (uint256) {
        int256 delta = poolManager.swap(
            key,
            SwapParams({
                zeroForOne: zeroForOne,
                amountSpecified: -int256(amountIn),
                sqrtPriceLimitX96: zeroForOne ? MIN_SQRT_PRICE_PLUS_ONE : MAX_SQRT_PRICE_MINUS_ONE
            }),
            ""
        );
        (int128 spent, int128 received) =
            zeroForOne ? (int128(delta >> 128), int128(delta)) : (int128(delta), int128(delta >> 128));
        if (uint256(int256(-spent)) != amountIn) revert PartialFill(uint256(int256(-spent)), amountIn);
        return uint256(int256(received));
    }

    /// @dev The key is the pool of the step's two tokens (WETH or NATIVE standing for native currency) with allowed
    /// hooks; returns the swap's direction.
    function _checkKey(PoolKey memory key, address tokenIn, address tokenOut) internal view returns (bool) {
        address c0 = key.currency0;
        address in0 = tokenIn;
        address out0 = tokenOut;
        if (c0 == address(0)) {
            if (in0 == NATIVE || in0 == address(weth)) in0 = address(0);
            if (out0 == NATIVE || out0 == address(weth)) out0 = address(0);
        }
        bool zeroForOne = in0 == c0 && out0 == key.currency1;
        if (!zeroForOne && !(in0 == key.currency1 && out0 == c0)) revert KeyNotOfStep(tokenIn, tokenOut);
        address hooks = key.hooks;
        if (hooks != address(0) && !isAllowedHook[hooks]) revert HookNotAllowed(hooks);
        return zeroForOne;
    }

    /// @dev Pays the PoolManager `amount` of `currency` from the router (the caller of {swap}).
    function _pay(address payer, address currency, uint256 amount, uint256 how) internal {
        if (how == AS_NATIVE) {
            // the swap's value, exactly `amount` ({swap})
            poolManager.settle{value: amount}();
        } else if (currency == address(0)) {
            IJunctionStepPayer(payer).payStepInput(address(weth), address(this), amount);
            weth.withdraw(amount);
            poolManager.settle{value: amount}();
        } else {
            poolManager.sync(currency);
            IJunctionStepPayer(payer).payStepInput(currency, address(poolManager), amount);
            poolManager.settle();
        }
    }

    /// @dev Takes `amount` of `currency` to `recipient` (native ETH as WETH, or as native when the step names NATIVE).
    function _deliver(address currency, address recipient, uint256 amount, uint256 how) internal {
        if (how == AS_NATIVE) {
            poolManager.take(address(0), recipient, amount);
        } else if (currency == address(0)) {
            poolManager.take(address(0), address(this), amount);
            weth.deposit{value: amount}();
            _transferWeth(recipient, amount);
        } else {
            poolManager.take(currency, recipient, amount);
        }
    }

    function _transferWeth(address to, uint256 amount) internal {
        (bool ok, bytes memory ret) = address(weth).call(abi.encodeWithSelector(0xa9059cbb, to, amount));
        require(ok && (ret.length == 0 || abi.decode(ret, (bool))), "WETH transfer failed");
    }

    function _tstore(uint256 value) internal {
        uint256 slot = T_PAYER;
        assembly ("memory-safe") {
            tstore(slot, value)
        }
    }

    function _tload() internal view returns (uint256 value) {
        uint256 slot = T_PAYER;
        assembly ("memory-safe") {
            value := tload(slot)
        }
    }
}
