// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {BalancerV2Market} from "./support/BalancerV2Market.sol";
import {IJunctionRouter} from "../src/IJunctionRouter.sol";
import {BalancerV2Adapter} from "../src/adapters/BalancerV2Adapter.sol";

/// @notice Routes through Balancer V2's real Vault and pools (npm bytecode): the receiver gets exactly
/// BalancerQueries.querySwap's answer, the Vault enforces the step's limit and deadline, nothing stays behind.
contract BalancerV2AdapterTest is BalancerV2Market {
    address internal user = makeAddr("user");
    address internal receiver = makeAddr("receiver");

    function setUp() public {
        _deployProtocols();
        _deployMarket();
        _deployJunction();
        _deployBalancer();
    }

    function _run(address tokenIn, uint256 amountIn, address tokenOut, IJunctionRouter.Step[] memory steps, uint256 minOut)
        internal
        returns (uint256 out)
    {
        _fund(tokenIn, user, amountIn);
        vm.startPrank(user);
        IERC20(tokenIn).approve(address(router), amountIn);
        out = router.executeRoute(_params(tokenIn, amountIn, tokenOut, minOut, receiver), steps);
        vm.stopPrank();
    }

    function test_weightedStep_deliversQuerySwap() public {
        uint256 expected = _balancerOut(weightedPoolId, weth, address(usdc), 3 ether);
        uint256 out = _run(weth, 3 ether, address(usdc), _one(_balancerStep(weightedPoolId, weth, address(usdc), expected)), expected);
        assertEq(out, expected);
        assertEq(usdc.balanceOf(receiver), expected);
        _assertRouterEmpty();
        _assertBalancerAdapterEmpty();
    }

    function test_stableStep_deliversQuerySwap() public {
        uint256 expected = _balancerOut(stablePoolId, address(dai), address(usdc), 25_000e6);
        uint256 out =
            _run(address(dai), 25_000e6, address(usdc), _one(_balancerStep(stablePoolId, address(dai), address(usdc), expected)), expected);
        assertEq(out, expected);
        assertEq(usdc.balanceOf(receiver), expected);
        _assertRouterEmpty();
        _assertBalancerAdapterEmpty();
    }

    function test_weightedThenStable_twoSteps() public {
        uint256 mid = _balancerOut(weightedPoolId, weth, address(usdc), 1 ether);
        uint256 expected = _balancerOut(stablePoolId, address(usdc), address(dai), mid);
        uint256 out = _run(
            weth,
            1 ether,
            address(dai),
            _two(_balancerStep(weightedPoolId, weth, address(usdc), mid), _balancerStep(stablePoolId, address(usdc), address(dai), expected)),
            expected
        );
        assertEq(out, expected);
        assertEq(dai.balanceOf(receiver), expected);
        _assertRouterEmpty();
        _assertBalancerAdapterEmpty();
    }

    function testFuzz_weightedStep_matchesQuerySwap(uint256 amountIn, bool wethIn) public {
        (address tokenIn, address tokenOut) = wethIn ? (weth, address(usdc)) : (address(usdc), weth);
        amountIn = bound(amountIn, 1000, wethIn ? 240 ether : 180_000e6); // the pool's 30% in-ratio limit
        uint256 expected = _balancerOut(weightedPoolId, tokenIn, tokenOut, amountIn);
        vm.assume(expected > 0);
        uint256 out = _run(tokenIn, amountIn, tokenOut, _one(_balancerStep(weightedPoolId, tokenIn, tokenOut, expected)), expected);
        assertEq(out, expected);
        _assertBalancerAdapterEmpty();
    }

    function test_vaultLimitIsTheStepsMinimum() public {
        uint256 expected = _balancerOut(weightedPoolId, weth, address(usdc), 1 ether);
        IJunctionRouter.Step memory s = _balancerStep(weightedPoolId, weth, address(usdc), expected + 1);
        _fund(weth, user, 1 ether);
        vm.startPrank(user);
        IERC20(weth).approve(address(router), 1 ether);
        vm.expectRevert(bytes("BAL#507")); // SWAP_LIMIT
        router.executeRoute(_params(weth, 1 ether, address(usdc), 1, receiver), _one(s));
        vm.stopPrank();
    }

    function test_vaultDeadlineIsTheSteps() public {
        IJunctionRouter.Step memory s = IJunctionRouter.Step(
            0, address(balancerAdapter), weth, address(usdc), 1, abi.encode(weightedPoolId, uint256(1), block.timestamp - 1)
        );
        _fund(weth, user, 1 ether);
        vm.startPrank(user);
        IERC20(weth).approve(address(router), 1 ether);
        vm.expectRevert(bytes("BAL#508")); // SWAP_DEADLINE
        router.executeRoute(_params(weth, 1 ether, address(usdc), 1, receiver), _one(s));
        vm.stopPrank();
    }

    function test_payeeIsTheAdapterAndVaultIsNamed() public view {
        assertEq(balancerAdapter.payee(weth, address(usdc), ""), address(balancerAdapter));
        assertEq(balancerAdapter.vault(), vault);
    }

    function test_zeroVaultRefused() public {
        vm.expectRevert(BalancerV2Adapter.ZeroVault.selector);
        new BalancerV2Adapter(address(router), address(0));
    }
}
