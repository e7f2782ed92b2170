// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {console2} from "forge-std/console2.sol";
import {RealEvm, IPermit2Domain} from "./support/RealEvm.sol";
import {IJunctionRouter} from "../src/IJunctionRouter.sol";

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

/// @notice Gas of the same trades through JunctionRouter and through Uniswap's own routers (real bytecode), each in
/// its own test so both start from the same cold state. Figures, not assertions: `forge test --match-contract
/// GasBenchmark -vv` prints them; docs/PERFORMANCE.md records them. The user already holds the input and has approved
/// (the approval is not measured); the receiver already holds some of the output token.
contract GasBenchmarkTest is RealEvm {
    uint256 internal userKey = 0xB0B;
    address internal user;

    function setUp() public {
        user = vm.addr(userKey);
        _deployProtocols();
        _deployMarket();
        _deployJunction();
        _fund(address(usdc), user, 1_000_000e6);
        _fund(weth, user, 100 ether);
        _fund(weth, user, 1);
        _fund(address(wbtc), user, 1);
        vm.startPrank(user);
        usdc.approve(address(router), type(uint256).max);
        IERC20(weth).approve(address(router), type(uint256).max);
        usdc.approve(v3SwapRouter, type(uint256).max);
        IERC20(weth).approve(v2Router02, type(uint256).max);
        usdc.approve(permit2, type(uint256).max);
        vm.stopPrank();
    }

    function _measure(string memory label, address target, bytes memory call) internal {
        vm.prank(user);
        uint256 before = gasleft();
        (bool ok, bytes memory reason) = target.call(call);
        uint256 used = before - gasleft();
        if (!ok) {
            assembly {
                revert(add(reason, 32), mload(reason))
            }
        }
        console2.log(label, used);
    }

    function test_gas_v3OnePool_uniswapSwapRouter() public {
        _measure(
            "v3 one pool, Uniswap SwapRouter.exactInputSingle",
            v3SwapRouter,
            abi.encodeCall(
                ISwapRouter.exactInputSingle,
                (ISwapRouter.ExactInputSingleParams(address(usdc), weth, V3_FEE, user, block.timestamp, 10_000e6, 1, 0))
            )
        );
    }

    function test_gas_v3OnePool_junction() public {
        IJunctionRouter.RouteParams memory p = _params(address(usdc), 10_000e6, weth, 1, user);
        _measure(
            "v3 one pool, JunctionRouter.executeRoute",
            address(router),
            abi.encodeCall(router.executeRoute, (p, _one(_v3Step(address(usdc), weth, 1))))
        );
    }

    function test_gas_v3OnePool_junctionWithFee() public {
        IJunctionRouter.RouteParams memory p = _params(address(usdc), 10_000e6, weth, 1, user);
        p.feeBps = 25;
        p.feeRecipient = feeRecipient;
        _fund(address(usdc), feeRecipient, 1);
        _measure(
            "v3 one pool, JunctionRouter.executeRoute with a 0.25% fee",
            address(router),
            abi.encodeCall(router.executeRoute, (p, _one(_v3Step(address(usdc), weth, 1))))
        );
    }

    function _v2Path() internal view returns (address[] memory path) {
        path = new address[](3);
        path[0] = weth;
        path[1] = address(usdc);
        path[2] = address(wbtc);
    }

    function test_gas_v2TwoPools_uniswapRouter02() public {
        _measure(
            "v2 two pools, Uniswap Router02.swapExactTokensForTokens",
            v2Router02,
            abi.encodeCall(IV2Router02Swap.swapExactTokensForTokens, (1 ether, 1, _v2Path(), user, block.timestamp))
        );
    }

    function test_gas_v2TwoPools_junction() public {
        IJunctionRouter.RouteParams memory p = _params(weth, 1 ether, address(wbtc), 1, user);
        _measure(
            "v2 two pools, JunctionRouter.executeRoute",
            address(router),
            abi.encodeCall(
                router.executeRoute, (p, _two(_v2Step(weth, address(usdc), 1), _v2Step(address(usdc), address(wbtc), 1)))
            )
        );
    }

    function test_gas_v3OnePool_junctionMode3Permit() public {
        IJunctionRouter.RouteParams memory p = _params(address(usdc), 10_000e6, weth, 1, user);
        p.acquisitionMode = 3;
        IJunctionRouter.Step[] memory s = _one(_v3Step(address(usdc), weth, 1));
        bytes32 typehash = keccak256(
            abi.encodePacked(
                "PermitWitnessTransferFrom(TokenPermissions permitted,address spender,uint256 nonce,uint256 deadline,",
                router.WITNESS_TYPE_STRING()
            )
        );
        bytes32 structHash = keccak256(
            abi.encode(
                typehash,
                keccak256(abi.encode(keccak256("TokenPermissions(address token,uint256 amount)"), p.inputToken, p.amountIn)),
                address(router),
                uint256(1),
                block.timestamp + 600,
                router.routeWitness(p, s)
            )
        );
        (uint8 v, bytes32 r, bytes32 sig) = vm.sign(
            userKey, keccak256(abi.encodePacked("\x19\x01", IPermit2Domain(permit2).DOMAIN_SEPARATOR(), structHash))
        );
        IJunctionRouter.PermitData memory permit =
            IJunctionRouter.PermitData(user, 1, block.timestamp + 600, abi.encodePacked(r, sig, v));
        _measure(
            "v3 one pool, JunctionRouter.executeRouteWithPermit (mode 3)",
            address(router),
            abi.encodeCall(router.executeRouteWithPermit, (p, s, permit))
        );
    }
}
