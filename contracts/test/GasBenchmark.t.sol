// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {console2} from "forge-std/console2.sol";
import {RealEvm} from "./support/RealEvm.sol";
import {IJunctionRouter} from "../src/IJunctionRouter.sol";
import {JunctionRouter} from "../src/JunctionRouter.sol";
import {ISignatureTransfer, IWETH9} from "../src/interfaces/IJunctionAdapter.sol";

interface IV2Router02Swap {
    function swapExactTokensForTokens(uint256, uint256, address[] calldata, address, uint256)
        external
        returns (uint256[] memory);
}

interface ISwapRouter {
    struct ExactInputSingleParams {
        address tokenIn;
        address tokenOut;
        uint24 fee;
        address recipient;
        uint256 deadline;
        uint256 amountIn;
        uint256 amountOutMinimum;
        uint160 sqrtPriceLimitX96;
    }

    function exactInputSingle(ExactInputSingleParams calldata params) external payable returns (uint256);
}

/// @notice UniversalRouter 2.1.0 (npm `@uniswap/universal-router`): the entry point and its constructor argument.
interface IUniversalRouter {
    struct RouterParameters {
        address permit2;
        address weth9;
        address v2Factory;
        address v3Factory;
        bytes32 pairInitCodeHash;
        bytes32 poolInitCodeHash;
        address v4PoolManager;
        address v3NFTPositionManager;
        address v4PositionManager;
        address spokePool;
    }

    function execute(bytes calldata commands, bytes[] calldata inputs, uint256 deadline) external payable;
}

/// @notice Permit2's AllowanceTransfer, the parts UniversalRouter's users touch.
interface IAllowanceTransfer {
    struct PermitDetails {
        address token;
        uint160 amount;
        uint48 expiration;
        uint48 nonce;
    }

    struct PermitSingle {
        PermitDetails details;
        address spender;
        uint256 sigDeadline;
    }

    function approve(address token, address spender, uint160 amount, uint48 expiration) external;
}

/// @notice Gas of the same trades through JunctionRouter and through Uniswap's own routers (real bytecode: V2
/// Router02, V3 SwapRouter, UniversalRouter 2.1.0), each in its own test so all start from the same cold state.
/// Figures, not assertions: `forge test --match-contract GasBenchmark -vv` prints execution gas, and with `--isolate`
/// also the transaction's gas; docs/PERFORMANCE.md records them. The payers already hold the input and have approved
/// (the router for Junction mode 0 and SwapRouter/Router02; Permit2 plus a standing Permit2 allowance for
/// UniversalRouter; Permit2 only for the signed variants); approvals are not measured. The receiver already holds some
/// of the output token, the fee recipient some of the input token. Nothing the measured call touches is touched before
/// it in the test (signatures are computed without calling the measured router or Permit2), so every account and slot
/// is as cold as in a real transaction.
contract GasBenchmarkTest is RealEvm {
    uint256 internal userKey = 0xB0B;
    address internal user;
    /// @dev Signs Permit2 permits (Junction mode 3, UniversalRouter PERMIT2_PERMIT); has approved Permit2 only.
    uint256 internal signerKey = 0x5161E;
    address internal signer;
    address internal universalRouter;
    /// @dev A second router, only to compute mode-3 witnesses without warming the measured one.
    JunctionRouter internal witnessCalculator;

    uint256 internal constant V3_IN = 10_000e6;
    uint16 internal constant FEE_BPS = 25;
    bytes1 internal constant UR_V3_SWAP_EXACT_IN = 0x00;
    bytes1 internal constant UR_PERMIT2_TRANSFER_FROM = 0x02;
    bytes1 internal constant UR_V2_SWAP_EXACT_IN = 0x08;
    bytes1 internal constant UR_PERMIT2_PERMIT = 0x0a;

    function setUp() public {
        user = vm.addr(userKey);
        signer = vm.addr(signerKey);
        _deployProtocols();
        _deployMarket();
        _deployJunction();
        universalRouter = _create(
            _readHex(
                string.concat(NM, "universal-router/artifacts/contracts/UniversalRouter.sol/UniversalRouter.json"),
                ".bytecode"
            ),
            abi.encode(
                IUniversalRouter.RouterParameters({
                    permit2: permit2,
                    weth9: weth,
                    v2Factory: v2Factory,
                    v3Factory: v3Factory,
                    pairInitCodeHash: V2_PAIR_INIT_CODE_HASH,
                    poolInitCodeHash: V3_POOL_INIT_CODE_HASH,
                    v4PoolManager: address(0),
                    v3NFTPositionManager: address(0),
                    v4PositionManager: address(0),
                    spokePool: address(0)
                })
            )
        );
        witnessCalculator = new JunctionRouter(routerOwner, ISignatureTransfer(permit2), IWETH9(weth));
        _fund(address(usdc), user, 1_000_000e6);
        _fund(weth, user, 100 ether);
        _fund(weth, user, 1);
        _fund(address(wbtc), user, 1);
        _fund(address(usdc), signer, 1_000_000e6);
        _fund(weth, signer, 1);
        _fund(address(usdc), feeRecipient, 1);
        vm.startPrank(user);
        usdc.approve(address(router), type(uint256).max);
        IERC20(weth).approve(address(router), type(uint256).max);
        usdc.approve(v3SwapRouter, type(uint256).max);
        IERC20(weth).approve(v2Router02, type(uint256).max);
        usdc.approve(permit2, type(uint256).max);
        IERC20(weth).approve(permit2, type(uint256).max);
        IAllowanceTransfer(permit2).approve(address(usdc), universalRouter, type(uint160).max, type(uint48).max);
        IAllowanceTransfer(permit2).approve(weth, universalRouter, type(uint160).max, type(uint48).max);
        vm.stopPrank();
        vm.prank(signer);
        usdc.approve(permit2, type(uint256).max);
    }

    /// @dev Logs the call's execution gas (gasleft() around it: before refunds, without the 21,000 base and calldata)
    /// and forge's gas used for it (`vm.lastCallGas().gasTotalUsed`). Under `forge test --isolate`, where forge runs
    /// each call of a test as its own transaction, the latter is the transaction's gasUsed as a receipt shows it
    /// (21,000, calldata, execution with the `to` warm, refunds subtracted); without --isolate it is the call frame's.
    function _measure(string memory label, address from, address target, bytes memory call) internal {
        vm.prank(from);
        uint256 before = gasleft();
        (bool ok, bytes memory reason) = target.call(call);
        uint256 used = before - gasleft();
        if (!ok) {
            assembly {
                revert(add(reason, 32), mload(reason))
            }
        }
        console2.log(
            string.concat(label, ": execution ", vm.toString(used), ", gas used ", vm.toString(vm.lastCallGas().gasTotalUsed))
        );
    }

    // ---------------------------------------------------------------- one V3 pool, 10,000 USDC -> WETH

    function test_gas_v3OnePool_uniswapSwapRouter() public {
        _measure(
            "v3 one pool, Uniswap SwapRouter.exactInputSingle",
            user,
            v3SwapRouter,
            abi.encodeCall(
                ISwapRouter.exactInputSingle,
                (ISwapRouter.ExactInputSingleParams(address(usdc), weth, V3_FEE, user, block.timestamp, V3_IN, 1, 0))
            )
        );
    }

    function _urV3Input(address recipient, uint256 amountIn) internal view returns (bytes memory) {
        return abi.encode(recipient, amountIn, uint256(1), abi.encodePacked(address(usdc), V3_FEE, weth), true);
    }

    function test_gas_v3OnePool_universalRouter() public {
        bytes[] memory inputs = new bytes[](1);
        inputs[0] = _urV3Input(user, V3_IN);
        _measure(
            "v3 one pool, UniversalRouter V3_SWAP_EXACT_IN",
            user,
            universalRouter,
            abi.encodeCall(IUniversalRouter.execute, (abi.encodePacked(UR_V3_SWAP_EXACT_IN), inputs, block.timestamp))
        );
    }

    function test_gas_v3OnePool_junction() public {
        IJunctionRouter.RouteParams memory p = _params(address(usdc), V3_IN, weth, 1, user);
        _measure(
            "v3 one pool, JunctionRouter.executeRoute",
            user,
            address(router),
            abi.encodeCall(router.executeRoute, (p, _one(_v3Step(address(usdc), weth, 1))))
        );
    }

    /// @dev UniversalRouter has no integrator fee of its own: an input-side fee is a PERMIT2_TRANSFER_FROM to the fee
    /// recipient before the swap.
    function test_gas_v3OnePool_universalRouterWithFee() public {
        uint256 fee = V3_IN * FEE_BPS / 10_000;
        bytes[] memory inputs = new bytes[](2);
        inputs[0] = abi.encode(address(usdc), feeRecipient, uint160(fee));
        inputs[1] = _urV3Input(user, V3_IN - fee);
        _measure(
            "v3 one pool, UniversalRouter PERMIT2_TRANSFER_FROM (0.25% fee) + V3_SWAP_EXACT_IN",
            user,
            universalRouter,
            abi.encodeCall(
                IUniversalRouter.execute,
                (abi.encodePacked(UR_PERMIT2_TRANSFER_FROM, UR_V3_SWAP_EXACT_IN), inputs, block.timestamp)
            )
        );
    }

    function test_gas_v3OnePool_junctionWithFee() public {
        IJunctionRouter.RouteParams memory p = _params(address(usdc), V3_IN, weth, 1, user);
        p.feeBps = FEE_BPS;
        p.feeRecipient = feeRecipient;
        _measure(
            "v3 one pool, JunctionRouter.executeRoute with a 0.25% fee",
            user,
            address(router),
            abi.encodeCall(router.executeRoute, (p, _one(_v3Step(address(usdc), weth, 1))))
        );
    }

    // ---------------------------------------------------------------- two V2 pools, 1 WETH -> USDC -> WBTC

    function _v2Path() internal view returns (address[] memory path) {
        path = new address[](3);
        path[0] = weth;
        path[1] = address(usdc);
        path[2] = address(wbtc);
    }

    function test_gas_v2TwoPools_uniswapRouter02() public {
        _measure(
            "v2 two pools, Uniswap Router02.swapExactTokensForTokens",
            user,
            v2Router02,
            abi.encodeCall(IV2Router02Swap.swapExactTokensForTokens, (1 ether, 1, _v2Path(), user, block.timestamp))
        );
    }

    function test_gas_v2TwoPools_universalRouter() public {
        bytes[] memory inputs = new bytes[](1);
        inputs[0] = abi.encode(user, 1 ether, uint256(1), _v2Path(), true);
        _measure(
            "v2 two pools, UniversalRouter V2_SWAP_EXACT_IN",
            user,
            universalRouter,
            abi.encodeCall(IUniversalRouter.execute, (abi.encodePacked(UR_V2_SWAP_EXACT_IN), inputs, block.timestamp))
        );
    }

    function test_gas_v2TwoPools_junction() public {
        IJunctionRouter.RouteParams memory p = _params(weth, 1 ether, address(wbtc), 1, user);
        _measure(
            "v2 two pools, JunctionRouter.executeRoute",
            user,
            address(router),
            abi.encodeCall(
                router.executeRoute, (p, _two(_v2Step(weth, address(usdc), 1), _v2Step(address(usdc), address(wbtc), 1)))
            )
        );
    }

    // ---------------------------------------------------------------- one V3 pool, signed through Permit2

    bytes32 internal constant PERMIT2_DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,uint256 chainId,address verifyingContract)");
    bytes32 internal constant TOKEN_PERMISSIONS_TYPEHASH = keccak256("TokenPermissions(address token,uint256 amount)");
    bytes32 internal constant PERMIT_DETAILS_TYPEHASH =
        keccak256("PermitDetails(address token,uint160 amount,uint48 expiration,uint48 nonce)");
    bytes32 internal constant PERMIT_SINGLE_TYPEHASH = keccak256(
        "PermitSingle(PermitDetails details,address spender,uint256 sigDeadline)PermitDetails(address token,uint160 amount,uint48 expiration,uint48 nonce)"
    );

    /// @dev Permit2's domain separator, computed (calling Permit2 would warm it before the measurement).
    function _permit2Digest(bytes32 structHash) internal view returns (bytes32) {
        bytes32 domain = keccak256(abi.encode(PERMIT2_DOMAIN_TYPEHASH, keccak256("Permit2"), block.chainid, permit2));
        return keccak256(abi.encodePacked("\x19\x01", domain, structHash));
    }

    function _sign(bytes32 digest) internal view returns (bytes memory) {
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(signerKey, digest);
        return abi.encodePacked(r, s, v);
    }

    function test_gas_v3OnePool_junctionMode3Permit() public {
        IJunctionRouter.RouteParams memory p = _params(address(usdc), V3_IN, weth, 1, signer);
        p.acquisitionMode = 3;
        IJunctionRouter.Step[] memory s = _one(_v3Step(address(usdc), weth, 1));
        bytes32 typehash = keccak256(
            abi.encodePacked(
                "PermitWitnessTransferFrom(TokenPermissions permitted,address spender,uint256 nonce,uint256 deadline,",
                witnessCalculator.WITNESS_TYPE_STRING()
            )
        );
        bytes32 structHash = keccak256(
            abi.encode(
                typehash,
                keccak256(abi.encode(TOKEN_PERMISSIONS_TYPEHASH, p.inputToken, p.amountIn)),
                address(router),
                uint256(1),
                block.timestamp + 600,
                witnessCalculator.routeWitness(p, s)
            )
        );
        IJunctionRouter.PermitData memory permit =
            IJunctionRouter.PermitData(signer, 1, block.timestamp + 600, _sign(_permit2Digest(structHash)));
        _measure(
            "v3 one pool, JunctionRouter.executeRouteWithPermit (mode 3)",
            signer,
            address(router),
            abi.encodeCall(router.executeRouteWithPermit, (p, s, permit))
        );
    }

    /// @dev The signer has approved Permit2 but gave UniversalRouter no Permit2 allowance: PERMIT2_PERMIT sets one for
    /// exactly the amount, then the swap spends it.
    function test_gas_v3OnePool_universalRouterPermit() public {
        IAllowanceTransfer.PermitSingle memory permitSingle = IAllowanceTransfer.PermitSingle(
            IAllowanceTransfer.PermitDetails(address(usdc), uint160(V3_IN), uint48(block.timestamp + 600), 0),
            universalRouter,
            block.timestamp + 600
        );
        bytes32 structHash = keccak256(
            abi.encode(
                PERMIT_SINGLE_TYPEHASH,
                keccak256(abi.encode(PERMIT_DETAILS_TYPEHASH, permitSingle.details)),
                permitSingle.spender,
                permitSingle.sigDeadline
            )
        );
        bytes[] memory inputs = new bytes[](2);
        inputs[0] = abi.encode(permitSingle, _sign(_permit2Digest(structHash)));
        inputs[1] = _urV3Input(signer, V3_IN);
        _measure(
            "v3 one pool, UniversalRouter PERMIT2_PERMIT + V3_SWAP_EXACT_IN",
            signer,
            universalRouter,
            abi.encodeCall(
                IUniversalRouter.execute,
                (abi.encodePacked(UR_PERMIT2_PERMIT, UR_V3_SWAP_EXACT_IN), inputs, block.timestamp)
            )
        );
    }
}
