// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {StdUtils} from "forge-std/StdUtils.sol";
import {Vm} from "forge-std/Vm.sol";
import {RealEvm} from "./support/RealEvm.sol";
import {IJunctionRouter} from "../src/IJunctionRouter.sol";
import {JunctionRouter} from "../src/JunctionRouter.sol";

/// @notice Drives random routes (V2, V3, Curve, two-step, native in and out, fees, minimums near and above the
/// output) through the router; the invariants read the state after every call.
contract RouteHandler is StdUtils {
    Vm internal constant vm = Vm(address(uint160(uint256(keccak256("hevm cheat code")))));
    InvariantTest internal immutable t;
    JunctionRouter internal immutable router;
    address internal constant user = address(0xBEEF);
    address internal constant receiver = address(0xCAFE);
    uint256 public routes;
    uint256 public belowMinimum;

    constructor(InvariantTest t_, JunctionRouter router_) {
        t = t_;
        router = router_;
    }

    function route(uint256 kind, uint256 amount, uint256 slack, uint16 feeBps) external {
        feeBps = uint16(bound(feeBps, 0, 200));
        (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s, uint256 predicted) =
            t.randomRoute(kind, amount, feeBps, user, receiver);
        // minimum: the predicted amount, or up to 1% below it, or above it (must revert)
        slack = bound(slack, 0, 200);
        p.minAmountOut = slack <= 100 ? predicted - predicted * slack / 10_000 : predicted + (slack - 100);
        if (p.minAmountOut == 0) return;
        address out = p.outputToken;
        address native = t.NATIVE_();
        uint256 value = p.inputToken == native ? p.amountIn : 0;
        uint256 before = out == native ? receiver.balance : IERC20(out).balanceOf(receiver);
        vm.prank(user);
        try router.executeRoute{value: value}(p, s) {
            uint256 got = (out == native ? receiver.balance : IERC20(out).balanceOf(receiver)) - before;
            if (got < p.minAmountOut) belowMinimum++;
            routes++;
        } catch {}
    }
}

contract InvariantTest is RealEvm {
    RouteHandler internal handler;

    function NATIVE_() external pure returns (address) {
        return NATIVE;
    }

    function setUp() public {
        _deployProtocols();
        _deployMarket();
        _deployJunction();
        handler = new RouteHandler(this, router);
        vm.prank(address(0xBEEF));
        IERC20(weth).approve(address(router), type(uint256).max);
        vm.prank(address(0xBEEF));
        usdc.approve(address(router), type(uint256).max);
        targetContract(address(handler));
        bytes4[] memory selectors = new bytes4[](1);
        selectors[0] = RouteHandler.route.selector;
        targetSelector(FuzzSelector(address(handler), selectors));
    }

    /// @dev Builds one of six routes, funds the user and returns the exact output the protocols predict.
    function randomRoute(uint256 kind, uint256 amount, uint16 feeBps, address payer, address to)
        external
        returns (IJunctionRouter.RouteParams memory p, IJunctionRouter.Step[] memory s, uint256 predicted)
    {
        kind = kind % 6;
        address input = kind == 1 || kind == 5 ? weth : kind == 3 ? NATIVE : address(usdc);
        amount = input == address(usdc) ? bound(amount, 1e4, 200_000e6) : bound(amount, 1e12, 50 ether);
        uint256 net = amount - amount * feeBps / 10_000;
        if (kind == 0) {
            predicted = _v3Out(net, address(usdc), weth);
            p = _params(address(usdc), amount, weth, predicted, to);
            s = _one(_v3Step(address(usdc), weth, 1));
        } else if (kind == 1) {
            uint256 mid = _v2Out(net, weth, address(usdc));
            predicted = _v2Out(mid, address(usdc), address(wbtc));
            p = _params(weth, amount, address(wbtc), predicted, to);
            s = _two(_v2Step(weth, address(usdc), 1), _v2Step(address(usdc), address(wbtc), 1));
        } else if (kind == 2) {
            int128 i = curvePool.coins(0) == address(usdc) ? int128(0) : int128(1);
            predicted = curvePool.get_dy(i, 1 - i, net);
            p = _params(address(usdc), amount, address(dai), predicted, to);
            s = _one(_curveStep(address(usdc), address(dai), 1));
        } else if (kind == 3) {
            predicted = _v3Out(net, weth, address(usdc));
            p = _params(NATIVE, amount, address(usdc), predicted, to);
            s = _one(_v3Step(weth, address(usdc), 1));
        } else if (kind == 5) {
            // V2 then V3: the V2 output waits in the router, the V3 pool takes it in its callback
            amount = bound(amount, 0.01 ether, 20 ether);
            net = amount - amount * feeBps / 10_000;
            predicted = _v3Out(_v2Out(net, weth, address(usdc)), address(usdc), address(dai));
            p = _params(weth, amount, address(dai), predicted, to);
            s = _two(_v2Step(weth, address(usdc), 1), _v3Step(address(usdc), address(dai), 1));
        } else {
            predicted = _v2Out(net, address(usdc), weth);
            amount = bound(amount, 1e6, 200_000e6);
            net = amount - amount * feeBps / 10_000;
            predicted = _v2Out(net, address(usdc), weth);
            p = _params(address(usdc), amount, NATIVE, predicted, to);
            s = _one(_v2Step(address(usdc), weth, 1));
        }
        p.feeBps = feeBps;
        p.feeRecipient = feeRecipient;
        if (input == NATIVE) vm.deal(payer, amount);
        else _fund(input, payer, amount);
    }

    function invariant_routerAndAdaptersKeepNothing() public view {
        _assertRouterEmpty();
    }

    function invariant_receiverNeverBelowMinimum() public view {
        assertEq(handler.belowMinimum(), 0);
    }

    /// @dev The handler executes routes (not only reverts), so the invariants above are about real executions.
    function test_handlerExecutesEachKindOfRoute() public {
        for (uint256 kind; kind < 6; ++kind) {
            handler.route(kind, 1e9 + kind, 50, 30);
            assertEq(handler.routes(), kind + 1);
        }
        handler.route(0, 1e9, 150, 30); // minimum above the output: refused
        assertEq(handler.routes(), 6);
        _assertRouterEmpty();
    }
}
