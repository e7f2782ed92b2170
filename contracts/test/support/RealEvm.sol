// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {Test} from "forge-std/Test.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {TestToken} from "./TestToken.sol";
import {TestOnlyCurveStableSwap} from "./TestOnlyCurveStableSwap.sol";
import {TestOnlyCctpTokenMessenger} from "./TestOnlyCctpTokenMessenger.sol";
import {TestOnlyCctpMessageTransmitter} from "./TestOnlyCctpMessageTransmitter.sol";
import {TestOnlyCctpTokenMinter} from "./TestOnlyCctpTokenMinter.sol";
import {JunctionRouter} from "../../src/JunctionRouter.sol";
import {IJunctionRouter} from "../../src/IJunctionRouter.sol";
import {ISignatureTransfer, IWETH9} from "../../src/interfaces/IJunctionAdapter.sol";
import {UniswapV2Adapter} from "../../src/adapters/UniswapV2Adapter.sol";
import {UniswapV3Adapter} from "../../src/adapters/UniswapV3Adapter.sol";
import {CurveStableSwapAdapter} from "../../src/adapters/CurveStableSwapAdapter.sol";
import {CctpAdapter} from "../../src/adapters/CctpAdapter.sol";
import {AcrossAdapter} from "../../src/adapters/AcrossAdapter.sol";

interface IV2Factory {
    function createPair(address a, address b) external returns (address);
}

interface IV2Pair {
    function mint(address to) external returns (uint256);
}

interface IV2Router02 {
    function getAmountsOut(uint256 amountIn, address[] calldata path) external view returns (uint256[] memory);
}

interface IV3Factory {
    function createPool(address a, address b, uint24 fee) external returns (address);
}

interface IV3Pool {
    function initialize(uint160 sqrtPriceX96) external;
    function mint(address recipient, int24 tickLower, int24 tickUpper, uint128 amount, bytes calldata data)
        external
        returns (uint256, uint256);
}

interface IQuoterV2 {
    struct QuoteExactInputSingleParams {
        address tokenIn;
        address tokenOut;
        uint256 amountIn;
        uint24 fee;
        uint160 sqrtPriceLimitX96;
    }

    function quoteExactInputSingle(QuoteExactInputSingleParams memory params)
        external
        returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate);
}

interface IPermit2Domain {
    function DOMAIN_SEPARATOR() external view returns (bytes32);
}

/// @notice Deploys the real protocol bytecode from the npm packages (Uniswap V2 factory/pairs/Router02, Uniswap V3
/// factory/pools/QuoterV2, WETH9, Permit2's mainnet creation code), a market of test tokens on them, and Junction's
/// router with its adapters. Curve and CCTP are the TEST ONLY reproductions (no bytecode in the registries).
abstract contract RealEvm is Test {
    string internal constant NM = "node_modules/@uniswap/";
    bytes32 internal constant V2_PAIR_INIT_CODE_HASH = 0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f;
    bytes32 internal constant V3_POOL_INIT_CODE_HASH = 0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54;
    address internal constant NATIVE = 0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE;
    uint24 internal constant V3_FEE = 3000;

    address internal weth;
    address internal permit2;
    address internal v2Factory;
    address internal v2Router02;
    address internal v3Factory;
    address internal v3SwapRouter;
    address internal quoterV2;

    TestToken internal usdc;
    TestToken internal dai;
    TestToken internal wbtc;
    TestOnlyCurveStableSwap internal curvePool;
    TestOnlyCctpTokenMessenger internal cctpMessenger;
    TestOnlyCctpMessageTransmitter internal cctpTransmitter;
    TestOnlyCctpTokenMinter internal cctpMinter;
    /// @dev CCTP's domain of the chain RealEvm deploys (Ethereum's).
    uint32 internal constant CCTP_DOMAIN = 0;
    uint256 internal cctpAttesterKey = 0xA77E57;

    JunctionRouter internal router;
    UniswapV2Adapter internal v2Adapter;
    UniswapV3Adapter internal v3Adapter;
    CurveStableSwapAdapter internal curveAdapter;
    CctpAdapter internal cctpAdapter;

    address internal routerOwner = makeAddr("routerOwner");
    address internal feeRecipient = makeAddr("integrator");

    // ---------------------------------------------------------------- real bytecode

    function _readHex(string memory path, string memory key) internal view returns (bytes memory) {
        string memory text = vm.parseJsonString(vm.readFile(path), key);
        if (bytes(text).length < 2 || bytes(text)[1] != "x") text = string.concat("0x", text);
        return vm.parseBytes(text);
    }

    function _create(bytes memory creationCode, bytes memory args) internal returns (address deployed) {
        bytes memory code = bytes.concat(creationCode, args);
        assembly {
            deployed := create(0, add(code, 32), mload(code))
        }
        require(deployed != address(0), "deployment failed");
    }

    function _permit2CreationCode() internal view returns (bytes memory) {
        string memory js =
            vm.readFile(string.concat(NM, "uniswapx-sdk/dist/cjs/src/contracts/factories/Permit2__factory.js"));
        string memory afterKey = vm.split(js, '_bytecode = "')[1];
        return vm.parseBytes(vm.split(afterKey, '"')[0]);
    }

    function _deployProtocols() internal {
        weth = _create(_readHex(string.concat(NM, "v2-periphery/build/WETH9.json"), ".bytecode"), "");
        permit2 = _create(_permit2CreationCode(), "");
        v2Factory =
            _create(_readHex(string.concat(NM, "v2-core/build/UniswapV2Factory.json"), ".bytecode"), abi.encode(address(this)));
        v2Router02 = _create(
            _readHex(string.concat(NM, "v2-periphery/build/UniswapV2Router02.json"), ".bytecode"),
            abi.encode(v2Factory, weth)
        );
        v3Factory = _create(
            _readHex(
                string.concat(NM, "v3-core/artifacts/contracts/UniswapV3Factory.sol/UniswapV3Factory.json"), ".bytecode"
            ),
            ""
        );
        quoterV2 = _create(
            _readHex(string.concat(NM, "v3-periphery/artifacts/contracts/lens/QuoterV2.sol/QuoterV2.json"), ".bytecode"),
            abi.encode(v3Factory, weth)
        );
        v3SwapRouter = _create(
            _readHex(string.concat(NM, "v3-periphery/artifacts/contracts/SwapRouter.sol/SwapRouter.json"), ".bytecode"),
            abi.encode(v3Factory, weth)
        );
        vm.label(weth, "WETH9");
        vm.label(permit2, "Permit2");
    }

    function _deployJunction() internal {
        router = new JunctionRouter(routerOwner, ISignatureTransfer(permit2), IWETH9(weth));
        v2Adapter = new UniswapV2Adapter(address(router), v2Factory, V2_PAIR_INIT_CODE_HASH, 997, 1000);
        v3Adapter = new UniswapV3Adapter(address(router), v3Factory, V3_POOL_INIT_CODE_HASH);
        curveAdapter = new CurveStableSwapAdapter(address(router));
        cctpAdapter = new CctpAdapter(address(router), address(cctpMessenger));
        vm.startPrank(routerOwner);
        router.setAdapter(address(v2Adapter), true);
        router.setAdapter(address(v3Adapter), true);
        router.setAdapter(address(curveAdapter), true);
        router.setAdapter(address(cctpAdapter), true);
        vm.stopPrank();
    }

    // ---------------------------------------------------------------- a market

    function _deployMarket() internal {
        usdc = new TestToken("USDC", 6);
        dai = new TestToken("DAI", 6);
        wbtc = new TestToken("WBTC", 8);
        vm.deal(address(this), 1_000_000 ether);
        IWETH9(weth).deposit{value: 500_000 ether}();
        // V2: WETH/USDC at 3000, USDC/WBTC at 60000, WETH/WBTC at 0.05
        _v2Pair(weth, address(usdc), 1_000 ether, 3_000_000e6);
        _v2Pair(address(usdc), address(wbtc), 3_000_000e6, 50e8);
        _v2Pair(weth, address(wbtc), 1_000 ether, 50e8);
        // V3: WETH/USDC 0.3% with three positions, USDC/DAI
        _v3Pool(weth, address(usdc), 3e9, 5e15);
        _v3Pool(address(usdc), address(dai), 1e18, 1e12);
        curvePool = new TestOnlyCurveStableSwap(address(usdc), address(dai), 200, 4_000_000);
        usdc.mint(address(this), 5_000_000e6);
        dai.mint(address(this), 5_000_000e6);
        usdc.approve(address(curvePool), type(uint256).max);
        dai.approve(address(curvePool), type(uint256).max);
        curvePool.addLiquidity(5_000_000e6, 5_000_000e6);
        (cctpTransmitter, cctpMessenger, cctpMinter) = _deployCctp(CCTP_DOMAIN, usdc);
        cctpMessenger.addRemoteTokenMessenger(3, bytes32(uint256(0xc7c7)));
    }

    /// @dev Circle's CCTP V1 on one domain (TEST ONLY reproductions): a transmitter whose one attester is
    /// cctpAttesterKey's address, its TokenMessenger and TokenMinter wired to each other, `token` burnable up to
    /// 10M per message. The caller links token pairs and remote messengers.
    function _deployCctp(uint32 domain, TestToken token)
        internal
        returns (TestOnlyCctpMessageTransmitter transmitter, TestOnlyCctpTokenMessenger messenger, TestOnlyCctpTokenMinter minter)
    {
        transmitter = new TestOnlyCctpMessageTransmitter(domain, vm.addr(cctpAttesterKey), 8192, 0);
        messenger = new TestOnlyCctpTokenMessenger(address(transmitter), 0);
        minter = new TestOnlyCctpTokenMinter(address(this));
        minter.addLocalTokenMessenger(address(messenger));
        messenger.addLocalMinter(address(minter));
        minter.setMaxBurnAmountPerMessage(address(token), 10_000_000e6);
    }

    function _fund(address token, address to, uint256 amount) internal {
        if (token == weth) {
            IERC20(weth).transfer(to, amount);
        } else {
            TestToken(token).mint(to, amount);
        }
    }

    function _v2Pair(address a, address b, uint256 amountA, uint256 amountB) internal returns (address pair) {
        pair = IV2Factory(v2Factory).createPair(a, b);
        _fund(a, pair, amountA);
        _fund(b, pair, amountB);
        IV2Pair(pair).mint(address(this));
    }

    /// @param priceX18 price of `a` in `b`, raw units, times 1e18
    /// @param liquidity the liquidity of the narrow position; a wider one has half, a full-range one a tenth
    function _v3Pool(address a, address b, uint256 priceX18, uint128 liquidity) internal returns (address pool) {
        (address t0, address t1) = a < b ? (a, b) : (b, a);
        if (t0 != a) priceX18 = 1e36 / priceX18;
        pool = IV3Factory(v3Factory).createPool(t0, t1, V3_FEE);
        uint160 sqrtPrice = uint160(_sqrt(priceX18 * 1e18) * (1 << 96) / 1e18);
        IV3Pool(pool).initialize(sqrtPrice);
        int24 center = _tickOf(sqrtPrice) / 60 * 60;
        IV3Pool(pool).mint(address(this), center - 600, center + 600, liquidity, abi.encode(t0, t1));
        IV3Pool(pool).mint(address(this), center - 6000, center + 6000, liquidity / 2, abi.encode(t0, t1));
        IV3Pool(pool).mint(address(this), -887220, 887220, liquidity / 10, abi.encode(t0, t1));
    }

    function uniswapV3MintCallback(uint256 owed0, uint256 owed1, bytes calldata data) external {
        (address t0, address t1) = abi.decode(data, (address, address));
        if (owed0 > 0) _fund(t0, msg.sender, owed0);
        if (owed1 > 0) _fund(t1, msg.sender, owed1);
    }

    function _sqrt(uint256 x) internal pure returns (uint256 y) {
        if (x == 0) return 0;
        uint256 z = (x + 1) / 2;
        y = x;
        while (z < y) {
            y = z;
            z = (x / z + z) / 2;
        }
    }

    /// @dev Rough tick of a sqrt price (log base 1.0001 of the price), good to a few ticks: positions are wide.
    function _tickOf(uint160 sqrtPriceX96) internal pure returns (int24) {
        int256 lo = -250000;
        int256 hi = 250000;
        while (hi - lo > 1) {
            int256 mid = (lo + hi) / 2;
            if (_sqrtAtTick(mid) <= sqrtPriceX96) lo = mid;
            else hi = mid;
        }
        return int24(lo);
    }

    function _sqrtAtTick(int256 tick) internal pure returns (uint256) {
        // 1.0001^(tick/2) * 2^96 by repeated squaring in 1e18 fixed point, enough for bracketing
        uint256 absTick = tick < 0 ? uint256(-tick) : uint256(tick);
        uint256 r = 1e18;
        uint256 base = 1000049998750062496; // sqrt(1.0001) * 1e18
        while (absTick > 0) {
            if (absTick & 1 == 1) r = r * base / 1e18;
            base = base * base / 1e18;
            absTick >>= 1;
        }
        if (tick < 0) r = 1e36 / r;
        return r * (1 << 96) / 1e18;
    }

    // ---------------------------------------------------------------- routes

    function _params(address inputToken, uint256 amountIn, address outputToken, uint256 minOut, address receiver)
        internal
        view
        returns (IJunctionRouter.RouteParams memory p)
    {
        p.quoteId = keccak256("quote");
        p.inputToken = inputToken;
        p.amountIn = amountIn;
        p.outputToken = outputToken;
        p.minAmountOut = minOut;
        p.receiver = receiver;
        p.deadline = block.timestamp + 1800;
        p.acquisitionMode = inputToken == NATIVE ? 1 : 0;
    }

    function _v2Step(address tokenIn, address tokenOut, uint256 minOut)
        internal
        view
        returns (IJunctionRouter.Step memory)
    {
        return IJunctionRouter.Step(0, address(v2Adapter), tokenIn, tokenOut, minOut, "");
    }

    function _v3Step(address tokenIn, address tokenOut, uint256 minOut)
        internal
        view
        returns (IJunctionRouter.Step memory)
    {
        return IJunctionRouter.Step(0, address(v3Adapter), tokenIn, tokenOut, minOut, abi.encode(V3_FEE));
    }

    function _curveStep(address tokenIn, address tokenOut, uint256 minOut)
        internal
        view
        returns (IJunctionRouter.Step memory)
    {
        int128 i = tokenIn == curvePool.coins(0) ? int128(0) : int128(1);
        return IJunctionRouter.Step(
            0, address(curveAdapter), tokenIn, tokenOut, minOut, abi.encode(address(curvePool), i, 1 - i)
        );
    }

    /// @dev An Across deposit of `amountIn` USDC to chain 10 for `party` (depositor and recipient), 0.1% under the input.
    function _acrossDeposit(address party, uint256 amountIn) internal view returns (AcrossAdapter.AcrossDeposit memory) {
        return AcrossAdapter.AcrossDeposit({
            depositor: bytes32(uint256(uint160(party))),
            recipient: bytes32(uint256(uint160(party))),
            outputToken: bytes32(uint256(uint160(address(usdc)))),
            outputAmount: amountIn * 999 / 1000,
            plannedInput: amountIn,
            destinationChainId: 10,
            exclusiveRelayer: bytes32(0),
            quoteTimestamp: uint32(block.timestamp),
            fillDeadline: uint32(block.timestamp + 3600),
            exclusivityParameter: 0,
            message: ""
        });
    }

    /// @dev The leg step that starts one leg of a split: `shareBps` of the split's input, the legs ending in `tokenOut`.
    function _leg(address tokenIn, address tokenOut, uint256 shareBps) internal pure returns (IJunctionRouter.Step memory) {
        return IJunctionRouter.Step(2, address(0), tokenIn, tokenOut, 0, abi.encode(shareBps));
    }

    /// @dev Two one-swap legs: `shareBps` of the input through `a`, the remainder through `b`.
    function _split(IJunctionRouter.Step memory a, uint256 shareBps, IJunctionRouter.Step memory b)
        internal
        pure
        returns (IJunctionRouter.Step[] memory steps)
    {
        steps = new IJunctionRouter.Step[](4);
        steps[0] = _leg(a.tokenIn, a.tokenOut, shareBps);
        steps[1] = a;
        steps[2] = _leg(b.tokenIn, b.tokenOut, 10_000 - shareBps);
        steps[3] = b;
    }

    function _one(IJunctionRouter.Step memory s) internal pure returns (IJunctionRouter.Step[] memory steps) {
        steps = new IJunctionRouter.Step[](1);
        steps[0] = s;
    }

    function _two(IJunctionRouter.Step memory a, IJunctionRouter.Step memory b)
        internal
        pure
        returns (IJunctionRouter.Step[] memory steps)
    {
        steps = new IJunctionRouter.Step[](2);
        steps[0] = a;
        steps[1] = b;
    }

    function _v2Out(uint256 amountIn, address a, address b) internal view returns (uint256) {
        address[] memory path = new address[](2);
        path[0] = a;
        path[1] = b;
        return IV2Router02(v2Router02).getAmountsOut(amountIn, path)[1];
    }

    function _v3Out(uint256 amountIn, address a, address b) internal returns (uint256 out) {
        (out,,,) = IQuoterV2(quoterV2).quoteExactInputSingle(IQuoterV2.QuoteExactInputSingleParams(a, b, amountIn, V3_FEE, 0));
    }

    function _assertRouterEmpty() internal view {
        address[4] memory tokens = [weth, address(usdc), address(dai), address(wbtc)];
        address[5] memory holders =
            [address(router), address(v2Adapter), address(v3Adapter), address(curveAdapter), address(cctpAdapter)];
        for (uint256 t; t < tokens.length; ++t) {
            for (uint256 h; h < holders.length; ++h) {
                assertEq(IERC20(tokens[t]).balanceOf(holders[h]), 0, "router or adapter kept a token");
            }
        }
        assertEq(address(router).balance, 0, "router kept native");
    }
}
