// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title Junction router
/// @notice Executes a whole Junction route in one transaction: it takes the input from the sender, runs each step
/// through the provider's adapter, enforces the user's minimum output and deadline, pays the integrator fee and
/// delivers the output to the receiver (or hands it to a bridge for the destination chain).
/// @dev The calldata that Junction's GET /build-best-path and POST /build-path return is a call of {executeRoute}.
/// Amounts are in the token's smallest unit; times are Unix seconds. The native token is
/// 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE (ERC-7528): with native input, msg.value equals params.amountIn.
interface IJunctionRouter {
    /// @notice Everything the user agreed to for the route as a whole.
    struct RouteParams {
        // Junction quote id: the 32 bytes of the quote's UUID/hex id, or keccak256 of its text (see docs/DECISIONS.md).
        bytes32 quoteId;
        // Token the sender pays on this chain (0xEeee...EEeE for the native token).
        address inputToken;
        // Amount of inputToken taken from the sender, smallest units.
        uint256 amountIn;
        // Token the receiver gets (on the destination chain for a cross-chain route).
        address outputToken;
        // Least amount of outputToken the receiver must get, else the route reverts (or the bridge refunds).
        uint256 minAmountOut;
        // Recipient of the output.
        address receiver;
        // Unix seconds after which the route reverts.
        uint256 deadline;
        // Integrator fee in basis points of amountIn (100 = 1%), taken from the input before the first step.
        uint16 feeBps;
        // Recipient of the integrator fee (zero address when feeBps is 0).
        address feeRecipient;
        // How the router takes the input: 0 ERC-20 transferFrom (approve the router), 1 native (msg.value),
        // 2 and 3 Permit2 (approve Permit2; the router pulls with Permit2).
        uint8 acquisitionMode;
        // Call made on the receiver on the destination chain after the route's last step, by the router's
        // JunctionExecutor with an exact approval of the output (empty for none).
        bytes destinationCallData;
        // Most gas destinationCallData may use on the destination chain (> 0 when there is a call, else 0).
        uint256 destinationGasLimit;
        // Who gets the output when destinationCallData reverts or leaves tokens behind (the router's executor calls
        // the receiver; see JunctionExecutor). Zero address when there is no call.
        address fallbackAddress;
    }

    /// @notice One swap or bridge hop, executed through Junction's adapter for the provider.
    struct Step {
        // 0 = swap, 1 = bridge, 2 = leg: the start of one of a split's parallel legs (see {executeRoute}); a leg step
        // has no adapter (zero address), tokenIn = the split's input token, tokenOut = the legs' common output token,
        // minAmountOut 0 and data = abi.encode(uint256 shareBps).
        uint8 kind;
        // Junction's adapter for the provider on the step's chain.
        address adapter;
        // Token the step spends.
        address tokenIn;
        // Token the step produces (on the destination chain for a bridge).
        address tokenOut;
        // Least amount of tokenOut the step must produce.
        uint256 minAmountOut;
        // What the adapter needs besides the tokens and the amount, ABI-encoded per adapter (see docs/DECISIONS.md):
        // Uniswap V2 family: empty; Uniswap V3 family: abi.encode(uint24 fee); Curve: abi.encode(address pool,
        // int128 i, int128 j); Across: abi.encode(IJunctionAdapters.AcrossDeposit); CCTP:
        // abi.encode(IJunctionAdapters.CctpBurn).
        bytes data;
    }

    /// @notice The Permit2 signature for acquisition modes 2 and 3 (see {executeRouteWithPermit}).
    struct PermitData {
        // The signer: Permit2 moves params.amountIn of params.inputToken from this address.
        address owner;
        // Permit2 unordered nonce.
        uint256 nonce;
        // Unix seconds; the permit is valid up to and including this second.
        uint256 deadline;
        // 65-byte r||s||v (v = 27/28) or 64-byte EIP-2098 signature; EIP-1271 for contract owners.
        bytes signature;
    }

    /// @notice A route finished on this chain: the output went to the receiver (or to the bridge).
    event RouteExecuted(
        bytes32 indexed quoteId,
        address indexed sender,
        address indexed receiver,
        address inputToken,
        uint256 amountIn,
        address outputToken,
        uint256 amountOut
    );

    /// @notice One step ran.
    event StepExecuted(
        bytes32 indexed quoteId,
        uint256 indexed index,
        address indexed adapter,
        uint8 kind,
        address tokenIn,
        address tokenOut,
        uint256 amountIn,
        uint256 amountOut
    );

    /// @notice A bridge step handed funds to a bridge; the status service follows the route by these fields.
    event BridgeInitiated(
        bytes32 indexed quoteId,
        address indexed adapter,
        uint256 indexed destinationChainId,
        address tokenIn,
        uint256 amountIn,
        address recipient
    );

    /// @notice The integrator fee was paid.
    event IntegratorFeePaid(bytes32 indexed quoteId, address indexed feeRecipient, address token, uint256 amount);

    /// @notice block.timestamp is past params.deadline.
    error DeadlineExpired(uint256 deadline, uint256 timestamp);
    /// @notice The output (of the route or of a step) is below its minimum.
    error InsufficientOutput(uint256 index, uint256 amountOut, uint256 minAmountOut);
    /// @notice msg.value does not match the native input.
    error InvalidNativeValue(uint256 expected, uint256 actual);
    /// @notice A step's adapter is not registered with the router.
    error UnknownAdapter(address adapter);
    /// @notice The acquisition mode does not fit the entry point or the input token.
    error InvalidAcquisitionMode(uint8 mode);
    /// @notice A mode-2 permit was relayed by an address the owner has not registered as a relayer.
    error UnknownRelayer(address relayer);
    /// @notice An amount that must be positive is zero, or a route has no step.
    error ZeroAmount();
    /// @notice The receiver or fee recipient is not an address that can receive the output.
    error InvalidRecipient(address recipient);
    /// @notice feeBps is above 10000.
    error InvalidFee(uint16 feeBps);
    /// @notice A step spends a token other than the one the previous step produced.
    error StepTokenMismatch(uint256 index, address expected, address actual);
    /// @notice The route's last token on this chain is not params.outputToken.
    error OutputTokenMismatch(address expected, address actual);
    /// @notice A split's leg shares are not each positive and do not sum to exactly 10000 basis points.
    error InvalidShares(uint256 sum);

    /// @notice Executes a route.
    /// @dev A split route: `steps` starts with a leg step (kind 2); each leg is a leg step followed by the swaps of that
    /// leg, all legs spend the input and end in the same token, and at most one bridge step may follow the legs. Leg i
    /// takes floor(amount * shareBps_i / 10000) of the amount available to the split (after the integrator fee), the
    /// last leg the remainder, so nothing stays behind; the shares must each be positive and sum to exactly 10000. The
    /// route's minimum is checked once, on the legs' total.
    /// @param params the route's terms
    /// @param steps the steps in order; those after a bridge run on the destination chain
    /// @return amountOut output delivered on this chain (for a cross-chain route: the amount handed to the last bridge)
    function executeRoute(RouteParams calldata params, Step[] calldata steps)
        external
        payable
        returns (uint256 amountOut);

    /// @notice Executes a route whose input Permit2 moves from permit.owner (acquisition modes 2 and 3).
    /// @dev Mode 3 (anyone may send it): the owner signed PermitWitnessTransferFrom with spender = this router and
    /// witness JunctionRoute (see {WITNESS_TYPE_STRING}), which binds the route's terms and keccak256(abi.encode(steps)).
    /// Mode 2: a plain PermitTransferFrom that binds only token, amount, spender, nonce and deadline, so only a relayer
    /// the owner registered may send it.
    function executeRouteWithPermit(RouteParams calldata params, Step[] calldata steps, PermitData calldata permit)
        external
        returns (uint256 amountOut);
}
