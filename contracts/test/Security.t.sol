// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {RealEvm, IPermit2Domain} from "./support/RealEvm.sol";
import {ReentrantToken, FakePool, GreedyAdapter, PullingAdapter} from "./support/Attackers.sol";
import {IJunctionRouter} from "../src/IJunctionRouter.sol";
import {JunctionRouter} from "../src/JunctionRouter.sol";
import {UniswapV3Adapter} from "../src/adapters/UniswapV3Adapter.sol";
import {UniswapV4Adapter, IPoolManager, PoolKey} from "../src/adapters/UniswapV4Adapter.sol";
import {RouterOnly} from "../src/adapters/RouterOnly.sol";
import {JunctionExecutor} from "../src/JunctionExecutor.sol";
import {TestOnlyVault, TestOnlyReentrantReceiver} from "./support/TestOnlyVault.sol";
import {RealUniswapV4} from "./support/RealUniswapV4.sol";
import {IWETH9} from "../src/interfaces/IJunctionAdapter.sol";
import {BalancerV2Adapter, IBalancerV2Vault} from "../src/adapters/BalancerV2Adapter.sol";
import {BalancerV2Market, IBalancerPool, IBalancerVaultPools, IWeightedPoolFactoryV2} from "./support/BalancerV2Market.sol";

/// @notice Each rule of the router attacked: targets, pulls, zero amounts, callbacks, re-entry, signatures, owner.
contract SecurityTest is RealEvm {
    uint256 internal userKey = 0xA11CE;
    address internal user;
    address internal attacker = makeAddr("attacker");
    address internal relayer = makeAddr("relayer");

    bytes32 internal constant TOKEN_PERMISSIONS_TYPEHASH = keccak256("TokenPermissions(address token,uint256 amount)");
    bytes32 internal constant PERMIT_TRANSFER_FROM_TYPEHASH = keccak256(
        "PermitTransferFrom(TokenPermissions permitted,address spender,uint256 nonce,uint256 deadline)TokenPermissions(address token,uint256 amount)"
    );

    function setUp() public {
        user = vm.addr(userKey);
        _deployProtocols();
        _deployMarket();
        _deployJunction();
    }

    function _route(uint256 amountIn) internal view returns (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) {
        uint256 expected = _v2Out(amountIn, address(usdc), weth);
        p = _params(address(usdc), amountIn, weth, expected, user);
        s = _one(_v2Step(address(usdc), weth, expected));
    }

    function _victimApproves(uint256 amount) internal {
        usdc.mint(user, amount);
        vm.prank(user);
        usdc.approve(address(router), type(uint256).max);
    }

    // ---------------------------------------------------------------- targets

    function test_stepTargetNotAnAdapter_reverts() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _route(1_000e6);
        _victimApproves(1_000e6);
        address[4] memory targets = [address(usdc), permit2, address(router), attacker];
        for (uint256 k; k < targets.length; ++k) {
            s[0].adapter = targets[k];
            vm.prank(user);
            vm.expectRevert(abi.encodeWithSelector(IJunctionRouter.UnknownAdapter.selector, targets[k]));
            router.executeRoute(p, s);
        }
    }

    function test_ownerCannotRegisterRouterPermit2WethOrEoaAsAdapter() public {
        address[4] memory forbidden = [address(router), permit2, weth, attacker];
        for (uint256 k; k < forbidden.length; ++k) {
            vm.prank(routerOwner);
            vm.expectRevert(abi.encodeWithSelector(JunctionRouter.ForbiddenAdapter.selector, forbidden[k]));
            router.setAdapter(forbidden[k], true);
        }
    }

    function test_tokenRegisteredAsAdapter_cannotBeCalledThroughAStep() public {
        vm.prank(routerOwner);
        router.setAdapter(address(dai), true);
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _route(1_000e6);
        s[0].adapter = address(dai);
        _victimApproves(1_000e6);
        vm.prank(user);
        vm.expectRevert();
        router.executeRoute(p, s);
        assertEq(usdc.balanceOf(user), 1_000e6);
    }

    function test_onlyNonAdapterCallersCannotReachSelfFunctions() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _route(1_000e6);
        vm.prank(attacker);
        vm.expectRevert(JunctionRouter.OnlySelf.selector);
        router.executeHeld(p, s);
    }

    // ---------------------------------------------------------------- pulls

    function test_callerCannotSpendAnotherWalletsApproval() public {
        _victimApproves(10_000e6);
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _route(10_000e6);
        p.receiver = attacker;
        vm.prank(attacker);
        vm.expectRevert();
        router.executeRoute(p, s);
        assertEq(usdc.balanceOf(user), 10_000e6);
    }

    function test_ownerHasNoPathToApprovals() public {
        _victimApproves(10_000e6);
        GreedyAdapter greedy = new GreedyAdapter();
        vm.startPrank(routerOwner);
        router.setAdapter(address(greedy), true);
        router.pause();
        router.unpause();
        (IJunctionRouter.RouteParams memory p,) = _route(1e6);
        IJunctionRouter.Step[] memory s = _one(IJunctionRouter.Step(0, address(greedy), address(usdc), weth, 0, abi.encode(user)));
        p.receiver = routerOwner;
        vm.expectRevert();
        router.executeRoute(p, s);
        vm.stopPrank();
        assertEq(usdc.balanceOf(user), 10_000e6);
        assertEq(usdc.allowance(user, address(router)), type(uint256).max);
    }

    function test_onlyOwnerManagesAllowlistsAndPause() public {
        vm.startPrank(attacker);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, attacker));
        router.setAdapter(address(v2Adapter), false);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, attacker));
        router.setRelayer(attacker, true);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, attacker));
        router.setBridgeMessenger(attacker, true);
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, attacker));
        router.pause();
        vm.stopPrank();
    }

    function test_pausedRouterRefusesRoutes() public {
        vm.prank(routerOwner);
        router.pause();
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _route(1_000e6);
        _victimApproves(1_000e6);
        vm.prank(user);
        vm.expectRevert(Pausable.EnforcedPause.selector);
        router.executeRoute(p, s);
    }

    // ---------------------------------------------------------------- amounts, deadline, tokens

    function test_zeroAmountsRevert() public {
        _victimApproves(1_000e6);
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _route(1_000e6);
        p.amountIn = 0;
        vm.prank(user);
        vm.expectRevert(IJunctionRouter.ZeroAmount.selector);
        router.executeRoute(p, s);
        (p, s) = _route(1_000e6);
        p.minAmountOut = 0;
        vm.prank(user);
        vm.expectRevert(IJunctionRouter.ZeroAmount.selector);
        router.executeRoute(p, s);
        (p,) = _route(1_000e6);
        vm.prank(user);
        vm.expectRevert(IJunctionRouter.ZeroAmount.selector);
        router.executeRoute(p, new IJunctionRouter.Step[](0));
        (p, s) = _route(1_000e6);
        p.feeBps = 10_000;
        p.feeRecipient = feeRecipient;
        vm.prank(user);
        vm.expectRevert(IJunctionRouter.ZeroAmount.selector);
        router.executeRoute(p, s);
    }

    function test_zeroOutputOfAStepReverts() public {
        _victimApproves(1);
        assertEq(_v2Out(1, address(usdc), address(wbtc)), 0);
        IJunctionRouter.RouteParams memory p = _params(address(usdc), 1, address(wbtc), 1, user);
        vm.prank(user);
        vm.expectRevert();
        router.executeRoute(p, _one(_v2Step(address(usdc), address(wbtc), 0)));
        assertEq(usdc.balanceOf(user), 1);
    }

    function test_expiredDeadlineReverts() public {
        _victimApproves(1_000e6);
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _route(1_000e6);
        vm.warp(p.deadline + 1);
        vm.prank(user);
        vm.expectRevert(abi.encodeWithSelector(IJunctionRouter.DeadlineExpired.selector, p.deadline, p.deadline + 1));
        router.executeRoute(p, s);
    }

    function test_stepTokenMustChain() public {
        _victimApproves(1_000e6);
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _route(1_000e6);
        s[0].tokenIn = address(dai);
        vm.prank(user);
        vm.expectRevert(
            abi.encodeWithSelector(IJunctionRouter.StepTokenMismatch.selector, 0, address(usdc), address(dai))
        );
        router.executeRoute(p, s);
    }

    function test_nativeValueMustMatch() public {
        vm.deal(user, 2 ether);
        IJunctionRouter.RouteParams memory p = _params(NATIVE, 1 ether, address(usdc), 1, user);
        vm.prank(user);
        vm.expectRevert(abi.encodeWithSelector(IJunctionRouter.InvalidNativeValue.selector, 1 ether, 0.5 ether));
        router.executeRoute{value: 0.5 ether}(p, _one(_v2Step(weth, address(usdc), 1)));
        (IJunctionRouter.RouteParams memory q, IJunctionRouter.Step[] memory s) = _route(1_000e6);
        _victimApproves(1_000e6);
        vm.prank(user);
        vm.expectRevert(abi.encodeWithSelector(IJunctionRouter.InvalidNativeValue.selector, 0, 1 ether));
        router.executeRoute{value: 1 ether}(q, s);
        vm.prank(user);
        (bool ok,) = address(router).call{value: 1 ether}("");
        assertFalse(ok, "router accepted a plain native transfer");
    }

    // ---------------------------------------------------------------- callbacks and re-entry

    function test_fakePoolCallbackRefused() public {
        FakePool fake = new FakePool();
        usdc.mint(address(v3Adapter), 1_000e6); // even if the adapter held something
        vm.expectRevert(abi.encodeWithSelector(UniswapV3Adapter.UnknownPool.selector, address(fake)));
        fake.steal(address(v3Adapter), address(usdc), weth, V3_FEE, 1_000e6);
    }

    function test_reentrantTokenCannotReenter() public {
        ReentrantToken evil = new ReentrantToken(router);
        evil.mint(user, 1_000e18);
        vm.prank(user);
        evil.approve(address(router), type(uint256).max);
        (IJunctionRouter.RouteParams memory inner, IJunctionRouter.Step[] memory s) = _route(1e6);
        evil.arm(abi.encodeCall(router.executeRoute, (inner, s)));
        IJunctionRouter.RouteParams memory p = _params(address(evil), 1e18, weth, 1, user);
        vm.prank(user);
        vm.expectRevert(ReentrancyGuardTransient.ReentrancyGuardReentrantCall.selector);
        router.executeRoute(p, _one(_v2Step(address(evil), weth, 1)));
    }

    // ---------------------------------------------------------------- payStepInput: adapters that take their input

    function test_payStepInput_refusedOutsideARunningStep() public {
        _victimApproves(1_000e6);
        address[4] memory callers = [attacker, address(v3Adapter), address(v2Adapter), routerOwner];
        for (uint256 k; k < callers.length; ++k) {
            vm.prank(callers[k]);
            vm.expectRevert(abi.encodeWithSelector(JunctionRouter.UnauthorizedPayment.selector, callers[k]));
            router.payStepInput(address(usdc), callers[k], 1_000e6);
        }
        // the unset authorisation (token 0, amount 0) authorises nothing either
        vm.prank(attacker);
        vm.expectRevert(abi.encodeWithSelector(JunctionRouter.UnauthorizedPayment.selector, attacker));
        router.payStepInput(address(0), attacker, 0);
        assertEq(usdc.balanceOf(user), 1_000e6);
    }

    /// @dev Even an adapter the owner registered gets, through payStepInput, only its own step's input: once, that
    /// token, that amount, not to the router, and only from the route's sender (never another wallet's approval).
    function test_payStepInput_onlyTheRunningStepsInputOnceFromTheSender() public {
        _victimApproves(10_000e6);
        PullingAdapter pulling = new PullingAdapter(address(dai));
        usdc.mint(routerOwner, 1_000e6);
        dai.mint(routerOwner, 1_000e6);
        vm.startPrank(routerOwner);
        router.setAdapter(address(pulling), true);
        usdc.approve(address(router), type(uint256).max);
        dai.approve(address(router), type(uint256).max);
        IJunctionRouter.RouteParams memory p = _params(address(usdc), 1_000e6, weth, 1, routerOwner);
        for (uint8 mode = 1; mode <= 4; ++mode) {
            IJunctionRouter.Step[] memory s =
                _one(IJunctionRouter.Step(0, address(pulling), address(usdc), weth, 1, abi.encode(mode)));
            vm.expectRevert(abi.encodeWithSelector(JunctionRouter.UnauthorizedPayment.selector, address(pulling)));
            router.executeRoute(p, s);
        }
        IJunctionRouter.Step[] memory never =
            _one(IJunctionRouter.Step(0, address(pulling), address(usdc), weth, 1, abi.encode(uint8(5))));
        vm.expectRevert(abi.encodeWithSelector(JunctionRouter.InputNotTaken.selector, address(pulling)));
        router.executeRoute(p, never);
        // the honest pull goes through and the route then fails on its (missing) output
        IJunctionRouter.Step[] memory honest =
            _one(IJunctionRouter.Step(0, address(pulling), address(usdc), weth, 1, abi.encode(uint8(0))));
        vm.expectRevert(abi.encodeWithSelector(IJunctionRouter.InsufficientOutput.selector, 0, 0, 1));
        router.executeRoute(p, honest);
        vm.stopPrank();
        assertEq(usdc.balanceOf(routerOwner), 1_000e6);
        assertEq(dai.balanceOf(routerOwner), 1_000e6);
        assertEq(usdc.balanceOf(user), 10_000e6);
        assertEq(usdc.allowance(user, address(router)), type(uint256).max);
        _assertRouterEmpty();
    }

    function test_v3Step_paysThePoolOnlyFromTheSender() public {
        _victimApproves(10_000e6);
        IJunctionRouter.RouteParams memory p = _params(address(usdc), 10_000e6, weth, 1, attacker);
        vm.prank(attacker);
        vm.expectRevert(); // the attacker has no USDC: the pool is paid from the sender or not at all
        router.executeRoute(p, _one(_v3Step(address(usdc), weth, 1)));
        assertEq(usdc.balanceOf(user), 10_000e6);
    }

    function test_bridgeMessageOnlyFromRegisteredMessenger() public {
        vm.prank(attacker);
        vm.expectRevert(abi.encodeWithSelector(JunctionRouter.UnknownMessenger.selector, attacker));
        router.handleV3AcrossMessage(address(usdc), 1, attacker, "");
    }

    // ---------------------------------------------------------------- Permit2 (modes 2 and 3)

    function _witnessDigest(IJunctionRouter.RouteParams memory p, bytes32 witness, uint256 nonce, uint256 deadline)
        internal
        view
        returns (bytes32)
    {
        bytes32 typehash = keccak256(
            abi.encodePacked(
                "PermitWitnessTransferFrom(TokenPermissions permitted,address spender,uint256 nonce,uint256 deadline,",
                router.WITNESS_TYPE_STRING()
            )
        );
        bytes32 structHash = keccak256(
            abi.encode(
                typehash,
                keccak256(abi.encode(TOKEN_PERMISSIONS_TYPEHASH, p.inputToken, p.amountIn)),
                address(router),
                nonce,
                deadline,
                witness
            )
        );
        return keccak256(abi.encodePacked("\x19\x01", IPermit2Domain(permit2).DOMAIN_SEPARATOR(), structHash));
    }

    function _plainDigest(IJunctionRouter.RouteParams memory p, uint256 nonce, uint256 deadline)
        internal
        view
        returns (bytes32)
    {
        bytes32 structHash = keccak256(
            abi.encode(
                PERMIT_TRANSFER_FROM_TYPEHASH,
                keccak256(abi.encode(TOKEN_PERMISSIONS_TYPEHASH, p.inputToken, p.amountIn)),
                address(router),
                nonce,
                deadline
            )
        );
        return keccak256(abi.encodePacked("\x19\x01", IPermit2Domain(permit2).DOMAIN_SEPARATOR(), structHash));
    }

    function _sign(bytes32 digest) internal view returns (bytes memory) {
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(userKey, digest);
        return abi.encodePacked(r, s, v);
    }

    function _permitRoute(uint8 mode)
        internal
        returns (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s, IJunctionRouter.PermitData memory permit)
    {
        (p, s) = _route(5_000e6);
        p.acquisitionMode = mode;
        p.feeBps = 10;
        p.feeRecipient = feeRecipient;
        uint256 fee = p.amountIn * 10 / 10_000;
        p.minAmountOut = _v2Out(p.amountIn - fee, address(usdc), weth);
        s[0].minAmountOut = p.minAmountOut;
        usdc.mint(user, p.amountIn);
        vm.prank(user);
        usdc.approve(permit2, type(uint256).max);
        bytes32 digest = mode == 3
            ? _witnessDigest(p, router.routeWitness(p, s), 7, block.timestamp + 600)
            : _plainDigest(p, 7, block.timestamp + 600);
        permit = IJunctionRouter.PermitData(user, 7, block.timestamp + 600, _sign(digest));
    }

    function test_mode3_anyoneRelaysTheSignedRoute() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s, IJunctionRouter.PermitData memory permit)
        = _permitRoute(3);
        vm.expectEmit(address(router));
        emit IJunctionRouter.RouteExecuted(p.quoteId, user, user, address(usdc), p.amountIn, weth, p.minAmountOut);
        vm.prank(attacker);
        router.executeRouteWithPermit(p, s, permit);
        assertEq(IERC20(weth).balanceOf(user), p.minAmountOut);
        assertEq(usdc.balanceOf(feeRecipient), p.amountIn * 10 / 10_000);
        _assertRouterEmpty();
        vm.prank(attacker);
        vm.expectRevert(); // nonce used
        router.executeRouteWithPermit(p, s, permit);
    }

    function test_mode3_alteredRouteRefused() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s, IJunctionRouter.PermitData memory permit)
        = _permitRoute(3);
        IJunctionRouter.RouteParams memory q = p;
        q.receiver = attacker;
        _expectPermitRefused(q, s, permit);
        (p, s, permit) = _permitRoute(3);
        p.minAmountOut = 1;
        _expectPermitRefused(p, s, permit);
        (p, s, permit) = _permitRoute(3);
        p.feeBps = 300;
        _expectPermitRefused(p, s, permit);
        (p, s, permit) = _permitRoute(3);
        s[0].minAmountOut = 1;
        _expectPermitRefused(p, s, permit);
        (p, s, permit) = _permitRoute(3);
        s[0].adapter = address(v3Adapter);
        _expectPermitRefused(p, s, permit);
        (p, s, permit) = _permitRoute(3);
        p.deadline += 1;
        _expectPermitRefused(p, s, permit);
    }

    function _expectPermitRefused(
        IJunctionRouter.RouteParams memory p,
        IJunctionRouter.Step[] memory s,
        IJunctionRouter.PermitData memory permit
    ) internal {
        uint256 before = usdc.balanceOf(user);
        vm.prank(attacker);
        vm.expectRevert(bytes4(keccak256("InvalidSigner()")));
        router.executeRouteWithPermit(p, s, permit);
        assertEq(usdc.balanceOf(user), before);
    }

    /// @dev Mode 3 without a fee through a V3 pool: Permit2 pays the pool from the signer inside the pool's callback.
    function _permitV3Route()
        internal
        returns (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s, IJunctionRouter.PermitData memory permit)
    {
        uint256 expected = _v3Out(5_000e6, address(usdc), weth);
        p = _params(address(usdc), 5_000e6, weth, expected, user);
        p.acquisitionMode = 3;
        s = _one(_v3Step(address(usdc), weth, expected));
        usdc.mint(user, p.amountIn);
        vm.prank(user);
        usdc.approve(permit2, type(uint256).max);
        bytes32 digest = _witnessDigest(p, router.routeWitness(p, s), 9, block.timestamp + 600);
        permit = IJunctionRouter.PermitData(user, 9, block.timestamp + 600, _sign(digest));
    }

    function test_mode3_v3Step_permit2PaysThePoolFromTheSigner() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s, IJunctionRouter.PermitData memory permit)
        = _permitV3Route();
        vm.prank(attacker);
        router.executeRouteWithPermit(p, s, permit);
        assertEq(IERC20(weth).balanceOf(user), p.minAmountOut);
        assertEq(usdc.balanceOf(user), 0);
        _assertRouterEmpty();
        vm.prank(attacker);
        vm.expectRevert(); // nonce used
        router.executeRouteWithPermit(p, s, permit);
    }

    function test_mode3_v3Step_alteredRouteRefused() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s, IJunctionRouter.PermitData memory permit)
        = _permitV3Route();
        p.receiver = attacker;
        _expectPermitRefused(p, s, permit);
        (p, s, permit) = _permitV3Route();
        s[0].minAmountOut = 1;
        _expectPermitRefused(p, s, permit);
    }

    function test_mode2_onlyRegisteredRelayer() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s, IJunctionRouter.PermitData memory permit)
        = _permitRoute(2);
        vm.prank(attacker);
        vm.expectRevert(abi.encodeWithSelector(IJunctionRouter.UnknownRelayer.selector, attacker));
        router.executeRouteWithPermit(p, s, permit);
        vm.prank(routerOwner);
        router.setRelayer(relayer, true);
        vm.prank(relayer);
        router.executeRouteWithPermit(p, s, permit);
        assertEq(IERC20(weth).balanceOf(user), p.minAmountOut);
        _assertRouterEmpty();
    }

    function test_permitEntryRefusesModes0And1AndExecuteRouteRefuses2And3() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s, IJunctionRouter.PermitData memory permit)
        = _permitRoute(3);
        p.acquisitionMode = 0;
        vm.expectRevert(abi.encodeWithSelector(IJunctionRouter.InvalidAcquisitionMode.selector, 0));
        router.executeRouteWithPermit(p, s, permit);
        p.acquisitionMode = 3;
        vm.prank(user);
        vm.expectRevert(abi.encodeWithSelector(IJunctionRouter.InvalidAcquisitionMode.selector, 3));
        router.executeRoute(p, s);
    }

    // ---------------------------------------------------------------- split routes

    /// @dev A USDC -> WETH split over the V2 pair twice, the legs' shares as given; the victim approved the router for
    /// everything.
    function _splitAttempt(uint256 firstShare, uint256 secondShare, bytes memory expectedError) internal {
        (IJunctionRouter.RouteParams memory p,) = _route(1_000e6);
        p.minAmountOut = 1;
        IJunctionRouter.Step[] memory s = _split(_v2Step(address(usdc), weth, 1), firstShare, _v2Step(address(usdc), weth, 1));
        s[2] = _leg(address(usdc), weth, secondShare);
        _victimApproves(10_000e6);
        uint256 before = usdc.balanceOf(user);
        vm.prank(user);
        vm.expectRevert(expectedError);
        router.executeRoute(p, s);
        assertEq(usdc.balanceOf(user), before);
        _assertRouterEmpty();
    }

    function test_splitSharesAboveTheAmount_cannotSpendMoreThanAmountIn() public {
        _splitAttempt(6_000, 6_000, abi.encodeWithSelector(IJunctionRouter.InvalidShares.selector, 12_000));
    }

    function test_splitLegThatWouldLeaveDust_refused() public {
        _splitAttempt(6_000, 3_000, abi.encodeWithSelector(IJunctionRouter.InvalidShares.selector, 9_000));
        _splitAttempt(10_000, 0, abi.encodeWithSelector(IJunctionRouter.InvalidShares.selector, 0));
    }

    function test_splitLegEndingInAnotherToken_refused() public {
        (IJunctionRouter.RouteParams memory p,) = _route(1_000e6);
        p.minAmountOut = 1;
        // the second leg ends in WBTC, which would stay in the router
        IJunctionRouter.Step[] memory s =
            _split(_v2Step(address(usdc), weth, 1), 5_000, _v2Step(address(usdc), address(wbtc), 1));
        s[2] = _leg(address(usdc), weth, 5_000);
        _victimApproves(1_000e6);
        vm.prank(user);
        vm.expectRevert(abi.encodeWithSelector(IJunctionRouter.OutputTokenMismatch.selector, weth, address(wbtc)));
        router.executeRoute(p, s);
    }

    function test_splitLegThroughANonAdapter_refused() public {
        (IJunctionRouter.RouteParams memory p,) = _route(1_000e6);
        IJunctionRouter.Step[] memory s =
            _split(_v2Step(address(usdc), weth, 1), 5_000, _v2Step(address(usdc), weth, 1));
        s[3].adapter = address(usdc);
        _victimApproves(1_000e6);
        vm.prank(user);
        vm.expectRevert(abi.encodeWithSelector(IJunctionRouter.UnknownAdapter.selector, address(usdc)));
        router.executeRoute(p, s);
    }

    function test_splitLegStepNamingAnAdapter_refused() public {
        (IJunctionRouter.RouteParams memory p,) = _route(1_000e6);
        p.minAmountOut = 1;
        IJunctionRouter.Step[] memory s =
            _split(_v2Step(address(usdc), weth, 1), 5_000, _v2Step(address(usdc), weth, 1));
        // a leg step runs no adapter: naming a registered one (first leg or a later one) is refused before any move
        s[2].adapter = address(v2Adapter);
        _victimApproves(1_000e6);
        uint256 before = usdc.balanceOf(user);
        vm.prank(user);
        vm.expectRevert(abi.encodeWithSelector(IJunctionRouter.UnknownAdapter.selector, address(v2Adapter)));
        router.executeRoute(p, s);
        s[2].adapter = address(0);
        s[0].adapter = address(v3Adapter);
        vm.prank(user);
        vm.expectRevert(abi.encodeWithSelector(IJunctionRouter.UnknownAdapter.selector, address(v3Adapter)));
        router.executeRoute(p, s);
        assertEq(usdc.balanceOf(user), before);
        _assertRouterEmpty();
    }

    // ---------------------------------------------------------------- destination calls (JunctionExecutor)

    /// @dev The attacker's own 1,000 USDC -> WETH route whose destination call is `call` on `target`; the attacker is
    /// the fallback. The victim approved both the router and Permit2 without limit.
    function _attackWithCall(address target, bytes memory call) internal returns (uint256 out) {
        usdc.mint(user, 50_000e6 - usdc.balanceOf(user));
        vm.startPrank(user);
        usdc.approve(address(router), type(uint256).max);
        usdc.approve(permit2, type(uint256).max);
        vm.stopPrank();
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _route(1_000e6);
        p.receiver = target;
        p.destinationCallData = call;
        p.destinationGasLimit = 300_000;
        p.fallbackAddress = attacker;
        usdc.mint(attacker, 1_000e6);
        uint256 before = IERC20(weth).balanceOf(attacker);
        vm.startPrank(attacker);
        usdc.approve(address(router), 1_000e6);
        out = router.executeRoute(p, s);
        vm.stopPrank();
        assertEq(usdc.balanceOf(user), 50_000e6, "the victim lost tokens");
        assertEq(usdc.balanceOf(attacker), 0);
        assertEq(IERC20(weth).balanceOf(attacker) - before, out, "the attacker got more or less than its own output");
        assertEq(IERC20(weth).balanceOf(address(router.executor())), 0);
        _assertRouterEmpty();
    }

    function test_destinationCall_transferFromVictim_throughTokenRouterPermit2OrExecutor_movesOnlyOwnOutput() public {
        bytes memory steal = abi.encodeCall(IERC20.transferFrom, (user, attacker, 50_000e6));
        bytes memory stealViaPermit2 = abi.encodeWithSignature(
            "transferFrom(address,address,uint160,address)", user, attacker, uint160(50_000e6), address(usdc)
        );
        address executor = address(router.executor());
        _attackWithCall(address(usdc), steal);
        _attackWithCall(weth, abi.encodeCall(IERC20.transferFrom, (user, attacker, 1)));
        _attackWithCall(permit2, stealViaPermit2);
        _attackWithCall(executor, steal);
        // the router as the call's target: refused before anything moves
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _route(1_000e6);
        p.receiver = address(router);
        p.destinationCallData = steal;
        p.destinationGasLimit = 300_000;
        p.fallbackAddress = attacker;
        vm.prank(attacker);
        vm.expectRevert(abi.encodeWithSelector(IJunctionRouter.InvalidRecipient.selector, address(router)));
        router.executeRoute(p, s);
        assertEq(usdc.balanceOf(user), 50_000e6);
    }

    function test_destinationCall_refusedTargetsGetNoCall() public {
        address executor = address(router.executor());
        address[3] memory refused = [weth, permit2, executor];
        for (uint256 k; k < refused.length; ++k) {
            (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s) = _route(1_000e6);
            p.receiver = refused[k];
            p.destinationCallData = abi.encodeCall(IERC20.approve, (attacker, type(uint256).max));
            p.destinationGasLimit = 100_000;
            p.fallbackAddress = attacker;
            usdc.mint(attacker, 1_000e6);
            vm.startPrank(attacker);
            usdc.approve(address(router), 1_000e6);
            vm.expectEmit(executor);
            emit JunctionExecutor.DestinationCallExecuted(
                p.quoteId, refused[k], attacker, weth, p.minAmountOut, JunctionExecutor.Outcome.REFUSED_TARGET,
                p.minAmountOut
            );
            router.executeRoute(p, s);
            vm.stopPrank();
        }
        assertEq(IERC20(weth).allowance(executor, attacker), 0);
    }

    function test_destinationCall_reentryIntoRouterOrExecutor_fails_fallbackGetsOutput() public {
        TestOnlyReentrantReceiver reentrant = new TestOnlyReentrantReceiver();
        (IJunctionRouter.RouteParams memory victimRoute, IJunctionRouter.Step[] memory victimSteps) = _route(50_000e6);
        victimRoute.receiver = attacker;
        bytes memory intoRouter = abi.encodeCall(
            TestOnlyReentrantReceiver.reenter,
            (address(router), abi.encodeCall(IJunctionRouter.executeRoute, (victimRoute, victimSteps)))
        );
        _attackWithCall(address(reentrant), intoRouter);
        bytes memory intoExecutor = abi.encodeCall(
            TestOnlyReentrantReceiver.reenter,
            (
                address(router.executor()),
                abi.encodeCall(
                    JunctionExecutor.execute, (bytes32(0), address(usdc), 50_000e6, attacker, "", 1, attacker)
                )
            )
        );
        _attackWithCall(address(reentrant), intoExecutor);
    }

    function test_destinationCall_burningAllItsGas_staysWithinItsLimit() public {
        TestOnlyVault vault = new TestOnlyVault();
        uint256 before = gasleft();
        _attackWithCall(address(vault), abi.encodeCall(TestOnlyVault.depositBurningGas, (weth, attacker)));
        assertLt(before - gasleft(), 900_000);
    }

    function test_destinationCall_reApprovingAnotherToken_cannotTakeLaterOutputs() public {
        // the attacker makes the executor approve it on USDC (a token other than its route's output) ...
        _attackWithCall(address(usdc), abi.encodeCall(IERC20.approve, (attacker, type(uint256).max)));
        address executor = address(router.executor());
        assertEq(usdc.allowance(executor, attacker), type(uint256).max);
        // ... but the executor holds nothing between transactions: a later USDC-output route into a vault leaves the
        // executor empty, so the approval reaches nothing
        TestOnlyVault vault = new TestOnlyVault();
        uint256 expected = _v2Out(1 ether, weth, address(usdc));
        IJunctionRouter.RouteParams memory p = _params(weth, 1 ether, address(usdc), expected, address(vault));
        p.destinationCallData = abi.encodeCall(TestOnlyVault.depositAllowance, (address(usdc), user));
        p.destinationGasLimit = 200_000;
        p.fallbackAddress = user;
        deal(weth, user, 1 ether);
        vm.startPrank(user);
        IERC20(weth).approve(address(router), 1 ether);
        router.executeRoute(p, _one(_v2Step(weth, address(usdc), expected)));
        vm.stopPrank();
        assertEq(vault.credit(address(usdc), user), expected);
        assertEq(usdc.balanceOf(executor), 0);
        vm.prank(attacker);
        vm.expectRevert();
        usdc.transferFrom(executor, attacker, 1);
    }

    function test_executorCallableOnlyByItsRouter() public {
        JunctionExecutor executor = router.executor();
        assertEq(executor.router(), address(router));
        vm.prank(attacker);
        vm.expectRevert(abi.encodeWithSelector(JunctionExecutor.OnlyRouter.selector, attacker));
        executor.execute(bytes32(0), address(usdc), 1, address(usdc), "", 1, attacker);
    }

    function test_mode3_alteredDestinationCallRefused() public {
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s, IJunctionRouter.PermitData memory permit)
        = _permitCallRoute();
        p.destinationCallData = abi.encodeCall(TestOnlyVault.depositAllowance, (weth, attacker));
        _expectPermitRefused(p, s, permit);
        (p, s, permit) = _permitCallRoute();
        p.destinationGasLimit += 1;
        _expectPermitRefused(p, s, permit);
        (p, s, permit) = _permitCallRoute();
        p.fallbackAddress = attacker;
        _expectPermitRefused(p, s, permit);
        (p, s, permit) = _permitCallRoute();
        vm.prank(attacker);
        router.executeRouteWithPermit(p, s, permit);
        assertEq(TestOnlyVault(p.receiver).credit(weth, user), p.minAmountOut);
    }

    function _permitCallRoute()
        internal
        returns (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s, IJunctionRouter.PermitData memory permit)
    {
        (p, s) = _route(5_000e6);
        p.acquisitionMode = 3;
        p.receiver = address(new TestOnlyVault());
        p.destinationCallData = abi.encodeCall(TestOnlyVault.depositAllowance, (weth, user));
        p.destinationGasLimit = 150_000;
        p.fallbackAddress = user;
        usdc.mint(user, p.amountIn);
        vm.prank(user);
        usdc.approve(permit2, type(uint256).max);
        bytes32 digest = _witnessDigest(p, router.routeWitness(p, s), 11, block.timestamp + 600);
        permit = IJunctionRouter.PermitData(user, 11, block.timestamp + 600, _sign(digest));
    }
}

/// @notice The Uniswap V4 adapter's rules attacked on the real PoolManager: its callback only from the PoolManager and
/// only inside its own swap, the key the route's tokens name, hooks only from the allowlist (and never hooks that can
/// change a swap), no re-entry.
contract SecurityV4Test is RealUniswapV4 {
    address internal user = makeAddr("user");
    address internal attacker = makeAddr("attacker");

    function setUp() public {
        _deployProtocols();
        _deployMarket();
        _deployJunction();
        _deployV4();
    }

    function _victimApproves(uint256 amount) internal {
        usdc.mint(user, amount);
        vm.prank(user);
        usdc.approve(address(router), type(uint256).max);
    }

    function _callback(address payer) internal view returns (bytes memory) {
        return abi.encode(usdcDai1, true, uint256(1_000e6), payer);
    }

    function test_v4Callback_refusedFromAnyoneButThePoolManager() public {
        _victimApproves(1_000e6);
        vm.prank(attacker); // a fake PoolManager or anyone else
        vm.expectRevert(abi.encodeWithSelector(UniswapV4Adapter.NotPoolManager.selector, attacker));
        v4Adapter.unlockCallback(_callback(address(router)));
    }

    function test_v4Callback_refusedFromThePoolManagerOutsideTheAdaptersSwap() public {
        vm.prank(poolManager);
        vm.expectRevert(UniswapV4Adapter.NotInSwap.selector);
        v4Adapter.unlockCallback(_callback(address(router)));
    }

    function test_v4AdapterOfAFakePoolManager_isNotTheRegisteredOne() public {
        UniswapV4Adapter fake = new UniswapV4Adapter(address(router), IPoolManager(attacker), IWETH9(weth), new address[](0));
        _victimApproves(1_000e6);
        IJunctionRouter.Step memory step = _v4Step(usdcDai1, address(usdc), address(dai), 1);
        step.adapter = address(fake);
        vm.prank(user);
        vm.expectRevert(abi.encodeWithSelector(IJunctionRouter.UnknownAdapter.selector, address(fake)));
        router.executeRoute(_params(address(usdc), 1_000e6, address(dai), 1, user), _one(step));
    }

    function test_v4KeyOfOtherTokensThanTheStep_refused() public {
        _victimApproves(1_000e6);
        IJunctionRouter.Step memory step = _v4Step(ethUsdc, address(usdc), address(dai), 1);
        vm.prank(user);
        vm.expectRevert(abi.encodeWithSelector(UniswapV4Adapter.KeyNotOfStep.selector, address(usdc), address(dai)));
        router.executeRoute(_params(address(usdc), 1_000e6, address(dai), 1, user), _one(step));
    }

    function test_v4HookNotAllowlisted_refused() public {
        _victimApproves(1_000e6);
        PoolKey memory hooked = usdcDai1;
        hooked.hooks = address(0x1111111111111111111111111111111111110040); // afterSwap only, not allowlisted
        vm.prank(user);
        vm.expectRevert(abi.encodeWithSelector(UniswapV4Adapter.HookNotAllowed.selector, hooked.hooks));
        router.executeRoute(
            _params(address(usdc), 1_000e6, address(dai), 1, user), _one(_v4Step(hooked, address(usdc), address(dai), 1))
        );
    }

    function test_v4HooksThatCanChangeASwap_cannotBeAllowlisted() public {
        address[] memory hooks = new address[](1);
        uint160[5] memory refused = [uint160(1 << 7), 1 << 3, 1 << 2, 1 << 1, 1];
        for (uint256 i; i < refused.length; ++i) {
            hooks[0] = address(uint160(0x1111111111111111111111111111111111110000) | refused[i]);
            vm.expectRevert(abi.encodeWithSelector(UniswapV4Adapter.HookMayChangeSwap.selector, hooks[0]));
            new UniswapV4Adapter(address(router), IPoolManager(poolManager), IWETH9(weth), hooks);
        }
        hooks[0] = address(0x1111111111111111111111111111111111110040);
        UniswapV4Adapter ok = new UniswapV4Adapter(address(router), IPoolManager(poolManager), IWETH9(weth), hooks);
        assertTrue(ok.isAllowedHook(hooks[0]));
    }

    /// @dev The re-entering token is refused by RouterOnly before the adapter's own transient re-entry check.
    function test_v4ReentrantTokenCannotReenterTheAdapter() public {
        ReentrantToken evil = new ReentrantToken(JunctionRouter(payable(address(v4Adapter))));
        PoolKey memory key = _v4Pool(address(evil), address(usdc), 3000, 60, 1e18, 1e15);
        evil.mint(user, 1_000e18);
        vm.prank(user);
        evil.approve(address(router), type(uint256).max);
        evil.arm(abi.encodeCall(v4Adapter.swap, (address(evil), address(usdc), 1, attacker, abi.encode(key))));
        vm.prank(user);
        vm.expectRevert(abi.encodeWithSelector(RouterOnly.OnlyRouter.selector, address(evil)));
        router.executeRoute(
            _params(address(evil), 1e18, address(usdc), 1, user), _one(_v4Step(key, address(evil), address(usdc), 1))
        );
    }

    function test_v4NativeOnlyFromWethOrThePoolManager() public {
        vm.deal(attacker, 1 ether);
        vm.prank(attacker);
        (bool ok,) = address(v4Adapter).call{value: 1 ether}("");
        assertFalse(ok);
    }
    // ---------------------------------------------------------------- native steps (tokenIn / tokenOut NATIVE)

    function _nativeIn(uint256 amountIn, IJunctionRouter.Step memory step, uint256 value) internal {
        vm.deal(user, value);
        vm.prank(user);
        router.executeRoute{value: value}(_params(NATIVE, amountIn, address(usdc), 1, user), _one(step));
    }

    function test_nativeStep_msgValueMustEqualTheInput() public {
        IJunctionRouter.Step memory step = _v4Step(ethUsdc, NATIVE, address(usdc), 1);
        uint256[2] memory wrong = [uint256(1 ether - 1), 1 ether + 1];
        for (uint256 k; k < wrong.length; ++k) {
            vm.expectRevert(abi.encodeWithSelector(IJunctionRouter.InvalidNativeValue.selector, 1 ether, wrong[k]));
            _nativeIn(1 ether, step, wrong[k]);
        }
    }

    function test_nativeStep_refusedWithoutNativeInput() public {
        _victimApproves(1_000e6);
        vm.prank(user); // mode 0: the first step must spend the ERC-20 input, never the router's native
        vm.expectRevert(abi.encodeWithSelector(IJunctionRouter.StepTokenMismatch.selector, 0, address(usdc), NATIVE));
        router.executeRoute(_params(address(usdc), 1_000e6, address(dai), 1, user), _one(_v4Step(ethUsdc, NATIVE, address(usdc), 1)));
    }

    function test_nativeValueToANonPayableAdapter_reverts() public {
        vm.expectRevert(bytes("")); // the V2 adapter's swap is not payable
        _nativeIn(1 ether, _v2Step(NATIVE, address(usdc), 1), 1 ether);
        vm.expectRevert(); // a bridge adapter gets its input by transfer: the router cannot transfer NATIVE as ERC-20
        _nativeIn(1 ether, IJunctionRouter.Step(1, address(cctpAdapter), NATIVE, NATIVE, 1, ""), 1 ether);
        assertEq(address(router).balance, 0);
    }

    function test_v4Adapter_valueMustBeExactlyTheNativeInputAndZeroOtherwise() public {
        vm.deal(address(router), 2 ether);
        vm.startPrank(address(router));
        vm.expectRevert(abi.encodeWithSelector(UniswapV4Adapter.ValueMismatch.selector, 1 ether, 1 ether + 1));
        v4Adapter.swap{value: 1 ether + 1}(NATIVE, address(usdc), 1 ether, user, abi.encode(ethUsdc));
        vm.expectRevert(abi.encodeWithSelector(UniswapV4Adapter.ValueMismatch.selector, 1 ether, 1 ether - 1));
        v4Adapter.swap{value: 1 ether - 1}(NATIVE, address(usdc), 1 ether, user, abi.encode(ethUsdc));
        vm.expectRevert(abi.encodeWithSelector(UniswapV4Adapter.ValueMismatch.selector, 0, 1));
        v4Adapter.swap{value: 1}(address(usdc), NATIVE, 1_000e6, user, abi.encode(ethUsdc));
        vm.expectRevert(abi.encodeWithSelector(UniswapV4Adapter.ValueMismatch.selector, 0, 1));
        v4Adapter.swap{value: 1}(weth, address(usdc), 1 ether, user, abi.encode(ethUsdc));
        vm.stopPrank();
        vm.deal(attacker, 1 ether);
        vm.prank(attacker);
        vm.expectRevert(abi.encodeWithSelector(RouterOnly.OnlyRouter.selector, attacker));
        v4Adapter.swap{value: 1 ether}(NATIVE, address(usdc), 1 ether, attacker, abi.encode(ethUsdc));
    }

    function test_nativeStep_keyWithoutNativeCurrency_refused() public {
        vm.expectRevert(abi.encodeWithSelector(UniswapV4Adapter.KeyNotOfStep.selector, NATIVE, address(usdc)));
        _nativeIn(1 ether, _v4Step(usdcDai1, NATIVE, address(usdc), 1), 1 ether);
    }

    function test_adapterKeepingTheNativeInput_routeReverts() public {
        NativeKeepingAdapter keeper = new NativeKeepingAdapter();
        vm.prank(routerOwner);
        router.setAdapter(address(keeper), true);
        IJunctionRouter.Step memory step = IJunctionRouter.Step(0, address(keeper), NATIVE, address(usdc), 1, "");
        vm.expectRevert(abi.encodeWithSelector(IJunctionRouter.InsufficientOutput.selector, 0, 0, 1));
        _nativeIn(1 ether, step, 1 ether);
        assertEq(address(keeper).balance, 0);
        assertEq(user.balance, 1 ether, "the revert gave the user's value back");
    }

    function test_routerRefusesNativeOutsideANativeOutputStep() public {
        vm.deal(attacker, 1 ether);
        vm.prank(attacker);
        (bool ok, bytes memory err) = address(router).call{value: 1}("");
        assertFalse(ok);
        assertEq(err, abi.encodeWithSelector(IJunctionRouter.InvalidNativeValue.selector, 0, 1));
    }

    function _nativeOutTo(address receiver) internal returns (uint256 expected) {
        _victimApproves(5_000e6);
        expected = _v4Out(ethUsdc, address(usdc), 5_000e6);
        vm.prank(user);
        router.executeRoute(
            _params(address(usdc), 5_000e6, NATIVE, expected, receiver), _one(_v4Step(ethUsdc, address(usdc), NATIVE, expected))
        );
    }

    function test_nativeOutputReceiver_cannotReenterTheRouterOrTheAdapterNorLeaveNative() public {
        NativeReceiverAttacker evil = new NativeReceiverAttacker(address(router), address(v4Adapter));
        evil.arm(0);
        uint256 expected = _nativeOutTo(address(evil));
        assertFalse(evil.reentryOk());
        assertEq(evil.reentryError(), abi.encodeWithSelector(ReentrancyGuardTransient.ReentrancyGuardReentrantCall.selector));
        assertEq(address(evil).balance, expected);
        evil.arm(1);
        _nativeOutTo(address(evil));
        assertFalse(evil.reentryOk());
        assertEq(evil.reentryError(), abi.encodeWithSelector(RouterOnly.OnlyRouter.selector, address(evil)));
        evil.arm(2); // native sent back to the router after the step: refused, nothing stays
        _nativeOutTo(address(evil));
        assertFalse(evil.reentryOk());
        assertEq(evil.reentryError(), abi.encodeWithSelector(IJunctionRouter.InvalidNativeValue.selector, 0, 1));
        assertEq(address(router).balance, 0);
        assertEq(address(v4Adapter).balance, 0);
        evil.arm(3); // a receiver refusing native: the route reverts
        _victimApproves(5_000e6);
        vm.prank(user);
        vm.expectRevert(abi.encodeWithSelector(JunctionRouter.NativeTransferFailed.selector, address(evil)));
        router.executeRoute(
            _params(address(usdc), 5_000e6, NATIVE, 1, address(evil)), _one(_v4Step(ethUsdc, address(usdc), NATIVE, 1))
        );
    }
}

/// @notice TEST ONLY: an allowlisted payable adapter that keeps a native input and pays nothing.
contract NativeKeepingAdapter {
    function payee(address, address, bytes calldata) external pure returns (address) {
        return address(0);
    }

    function swap(address, address, uint256, address, bytes calldata) external payable returns (uint256) {
        return 1;
    }
}

/// @notice TEST ONLY: a receiver whose receive() re-enters the router (executeRoute) or the V4 adapter (swap), or sends
/// native back to the router, recording the outcome without reverting (mode 3 reverts instead).
contract NativeReceiverAttacker {
    address internal immutable router;
    address internal immutable adapter;
    uint8 public mode;
    bool public reentryOk;
    bytes public reentryError;

    constructor(address router_, address adapter_) {
        router = router_;
        adapter = adapter_;
    }

    function arm(uint8 mode_) external {
        mode = mode_;
    }

    receive() external payable {
        bool ok;
        bytes memory err;
        if (mode == 0) {
            IJunctionRouter.RouteParams memory p;
            IJunctionRouter.Step[] memory s;
            (ok, err) = router.call(abi.encodeCall(IJunctionRouter.executeRoute, (p, s)));
        } else if (mode == 1) {
            (ok, err) = adapter.call(abi.encodeWithSignature(
                "swap(address,address,uint256,address,bytes)", address(0), address(0), 1, address(this), ""
            ));
        } else if (mode == 2) {
            (ok, err) = router.call{value: 1}("");
        } else {
            revert("refused");
        }
        reentryOk = ok;
        reentryError = err;
    }
}

/// @notice A Vault impostor: takes the input it was approved for, reports a large output and pays nothing.
contract FakeBalancerVault {
    function swap(IBalancerV2Vault.SingleSwap memory s, IBalancerV2Vault.FundManagement memory f, uint256, uint256)
        external
        payable
        returns (uint256)
    {
        IERC20(s.assetIn).transferFrom(f.sender, address(this), s.amount);
        return 1e30;
    }
}

/// @notice Balancer V2's rules attacked on the real Vault: a fake Vault, a pool id the route did not name, re-entry.
contract BalancerV2SecurityTest is BalancerV2Market {
    address internal user = makeAddr("balancerUser");

    function setUp() public {
        _deployProtocols();
        _deployMarket();
        _deployJunction();
        _deployBalancer();
    }

    function _approve(address token, uint256 amount) internal {
        _fund(token, user, amount);
        vm.prank(user);
        IERC20(token).approve(address(router), type(uint256).max);
    }

    function test_fakeVaultGetsTheRouteRevertedAndKeepsNothing() public {
        FakeBalancerVault fake = new FakeBalancerVault();
        BalancerV2Adapter impostor = new BalancerV2Adapter(address(router), address(fake));
        vm.prank(routerOwner);
        router.setAdapter(address(impostor), true);
        _approve(weth, 10 ether);
        IJunctionRouter.Step memory s = IJunctionRouter.Step(
            0, address(impostor), weth, address(usdc), 1, abi.encode(weightedPoolId, uint256(1), block.timestamp + 60)
        );
        vm.prank(user);
        vm.expectRevert(abi.encodeWithSelector(IJunctionRouter.InsufficientOutput.selector, 0, 0, 1));
        router.executeRoute(_params(weth, 1 ether, address(usdc), 1, user), _one(s));
        assertEq(IERC20(weth).balanceOf(user), 10 ether);
        assertEq(IERC20(weth).balanceOf(address(fake)), 0);
    }

    function test_poolIdThatDoesNotHoldTheStepsTokensReverts() public {
        _approve(weth, 1 ether);
        // the stable pool (USDC/DAI) named for a WETH -> USDC step: the Vault refuses a token its pool did not register
        IJunctionRouter.Step memory s = _balancerStep(stablePoolId, weth, address(usdc), 1);
        vm.prank(user);
        vm.expectRevert(bytes("BAL#521")); // TOKEN_NOT_REGISTERED
        router.executeRoute(_params(weth, 1 ether, address(usdc), 1, user), _one(s));
        // a pool id no pool has
        s = _balancerStep(bytes32(uint256(weightedPoolId) ^ 1), weth, address(usdc), 1);
        vm.prank(user);
        vm.expectRevert(bytes("BAL#500")); // INVALID_POOL_ID
        router.executeRoute(_params(weth, 1 ether, address(usdc), 1, user), _one(s));
        assertEq(IERC20(weth).balanceOf(user), 1 ether);
    }

    function test_signedRouteBindsThePoolId() public view {
        IJunctionRouter.RouteParams memory p = _params(address(usdc), 1_000e6, address(dai), 1, user);
        bytes32 named = router.routeWitness(p, _one(_balancerStep(stablePoolId, address(usdc), address(dai), 1)));
        bytes32 swapped = router.routeWitness(p, _one(_balancerStep(weightedPoolId, address(usdc), address(dai), 1)));
        assertTrue(named != swapped, "a Permit2 signature over the route would not cover its pool id");
    }

    function test_reentrantTokenInABalancerPoolCannotReenter() public {
        ReentrantToken evil = new ReentrantToken(router);
        evil.mint(address(this), 1_000_000e18);
        address[] memory tokens = _sorted(address(evil), address(usdc));
        uint256[] memory weights = new uint256[](2);
        uint256[] memory amounts = new uint256[](2);
        for (uint256 i; i < 2; ++i) {
            weights[i] = 0.5e18;
            amounts[i] = tokens[i] == address(usdc) ? 1_000_000e6 : 1_000_000e18;
        }
        address pool = IWeightedPoolFactoryV2(weightedFactory).create(
            "EVIL-USDC", "EVIL-USDC", tokens, weights, new address[](2), 0.003e18, address(this)
        );
        bytes32 poolId = IBalancerPool(pool).getPoolId();
        usdc.mint(address(this), 1_000_000e6);
        usdc.approve(vault, type(uint256).max);
        evil.approve(vault, type(uint256).max);
        uint256[] memory max = new uint256[](2);
        max[0] = type(uint256).max;
        max[1] = type(uint256).max;
        IBalancerVaultPools(vault).joinPool(
            poolId, address(this), address(this),
            IBalancerVaultPools.JoinPoolRequest(tokens, max, abi.encode(uint256(0), amounts), false)
        );
        evil.mint(user, 1_000e18);
        vm.prank(user);
        evil.approve(address(router), type(uint256).max);
        _approve(address(usdc), 1_000e6);
        evil.arm(abi.encodeCall(router.executeRoute, (_params(address(usdc), 1e6, weth, 1, user), _one(_v2Step(address(usdc), weth, 1)))));
        vm.prank(user);
        vm.expectRevert(ReentrancyGuardTransient.ReentrancyGuardReentrantCall.selector);
        router.executeRoute(_params(address(evil), 1e18, address(usdc), 1, user), _one(_balancerStep(poolId, address(evil), address(usdc), 1)));
    }

    /// @dev Called directly (not by its router), the adapter refuses, the router's owner included: a token left in
    /// it cannot be swapped through the Vault to the caller.
    function test_directSwapRefused() public {
        _fund(weth, address(balancerAdapter), 1 ether);
        assertEq(balancerAdapter.router(), address(router));
        for (uint256 k; k < 2; ++k) {
            address caller = k == 0 ? makeAddr("balancerAttacker") : routerOwner;
            vm.prank(caller);
            vm.expectRevert(abi.encodeWithSelector(RouterOnly.OnlyRouter.selector, caller));
            balancerAdapter.swap(
                weth, address(usdc), 1 ether, caller, abi.encode(weightedPoolId, uint256(1), block.timestamp + 60)
            );
        }
        assertEq(IERC20(weth).balanceOf(address(balancerAdapter)), 1 ether);
        assertEq(IERC20(address(usdc)).balanceOf(makeAddr("balancerAttacker")), 0);
    }
}
