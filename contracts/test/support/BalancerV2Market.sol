// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {RealEvm} from "./RealEvm.sol";
import {IJunctionRouter} from "../../src/IJunctionRouter.sol";
import {BalancerV2Adapter, IBalancerV2Vault} from "../../src/adapters/BalancerV2Adapter.sol";

interface IBalancerVaultPools {
    struct JoinPoolRequest {
        address[] assets;
        uint256[] maxAmountsIn;
        bytes userData;
        bool fromInternalBalance;
    }

    function joinPool(bytes32 poolId, address sender, address recipient, JoinPoolRequest memory request)
        external
        payable;

    function getPoolTokens(bytes32 poolId)
        external
        view
        returns (address[] memory tokens, uint256[] memory balances, uint256 lastChangeBlock);
}

interface IBalancerPool {
    function getPoolId() external view returns (bytes32);
}

interface IWeightedPoolFactoryV2 {
    function create(
        string memory name,
        string memory symbol,
        address[] memory tokens,
        uint256[] memory normalizedWeights,
        address[] memory rateProviders,
        uint256 swapFeePercentage,
        address owner
    ) external returns (address);
}

interface IComposableStablePoolFactoryV3 {
    function create(
        string memory name,
        string memory symbol,
        address[] memory tokens,
        uint256 amplificationParameter,
        address[] memory rateProviders,
        uint256[] memory tokenRateCacheDurations,
        bool[] memory exemptFromYieldProtocolFeeFlags,
        uint256 swapFeePercentage,
        address owner
    ) external returns (address);
}

interface IBalancerQueries {
    function querySwap(IBalancerV2Vault.SingleSwap memory singleSwap, IBalancerV2Vault.FundManagement memory funds)
        external
        returns (uint256);
}

/// @notice Balancer V2 from @balancer-labs/v2-deployments@3.2.0's published bytecode (unpacked by chains/ under
/// chains/.packed on `npm ci`): Authorizer and Vault, ProtocolFeePercentagesProvider, WeightedPoolFactory (V2),
/// ComposableStablePoolFactory (V3, the package's newest, shipped as artifact/ only) and BalancerQueries; a weighted
/// 80/20 WETH/USDC pool and a composable stable USDC/DAI pool on RealEvm's tokens; Junction's BalancerV2Adapter
/// registered on the router.
abstract contract BalancerV2Market is RealEvm {
    string internal constant BALANCER = "../chains/.packed/@balancer-labs+v2-deployments@3.2.0/dist/tasks/";

    address internal vault;
    address internal balancerQueries;
    address internal weightedFactory;
    address internal stableFactory;
    bytes32 internal weightedPoolId;
    bytes32 internal stablePoolId;
    BalancerV2Adapter internal balancerAdapter;

    function _balancerCode(string memory task, string memory file, string memory key)
        internal
        view
        returns (bytes memory)
    {
        return _readHex(string.concat(BALANCER, task, "/", file), key);
    }

    function _deployBalancer() internal {
        address authorizer =
            _create(_balancerCode("20210418-authorizer", "bytecode/Authorizer.json", ".creationCode"), abi.encode(address(this)));
        vault = _create(
            _balancerCode("20210418-vault", "bytecode/Vault.json", ".creationCode"),
            abi.encode(authorizer, weth, uint256(0), uint256(0))
        );
        address feeProvider = _create(
            _balancerCode(
                "20220725-protocol-fee-percentages-provider", "bytecode/ProtocolFeePercentagesProvider.json", ".creationCode"
            ),
            abi.encode(vault, uint256(0.5e18), uint256(0.5e18))
        );
        weightedFactory = _create(
            _balancerCode("20220908-weighted-pool-v2", "bytecode/WeightedPoolFactory.json", ".creationCode"),
            abi.encode(vault, feeProvider)
        );
        stableFactory = _create(
            _balancerCode("20230206-composable-stable-pool-v3", "artifact/ComposableStablePoolFactory.json", ".bytecode"),
            abi.encode(vault, feeProvider, "test", "test")
        );
        balancerQueries = _create(
            _balancerCode("20220721-balancer-queries", "bytecode/BalancerQueries.json", ".creationCode"), abi.encode(vault)
        );
        vm.label(vault, "BalancerVault");
        weightedPoolId = _weightedPool();
        stablePoolId = _stablePool();
        balancerAdapter = new BalancerV2Adapter(address(router), vault);
        vm.prank(routerOwner);
        router.setAdapter(address(balancerAdapter), true);
    }

    function _sorted(address a, address b) internal pure returns (address[] memory t) {
        t = new address[](2);
        (t[0], t[1]) = a < b ? (a, b) : (b, a);
    }

    /// @dev 80% WETH / 20% USDC at 3,000 USDC per WETH: 800 WETH and 600,000 USDC, 0.3% swap fee.
    function _weightedPool() internal returns (bytes32 poolId) {
        address[] memory tokens = _sorted(weth, address(usdc));
        uint256[] memory weights = new uint256[](2);
        uint256[] memory amounts = new uint256[](2);
        for (uint256 i; i < 2; ++i) {
            weights[i] = tokens[i] == weth ? 0.8e18 : 0.2e18;
            amounts[i] = tokens[i] == weth ? 800 ether : 600_000e6;
        }
        address pool = IWeightedPoolFactoryV2(weightedFactory).create(
            "80WETH-20USDC", "80WETH-20USDC", tokens, weights, new address[](2), 0.003e18, address(this)
        );
        poolId = IBalancerPool(pool).getPoolId();
        _initJoin(poolId, tokens, amounts);
    }

    /// @dev USDC/DAI (both 6 decimals here), A = 200, 0.01% swap fee, 2,000,000 of each.
    function _stablePool() internal returns (bytes32 poolId) {
        address[] memory tokens = _sorted(address(usdc), address(dai));
        address pool = IComposableStablePoolFactoryV3(stableFactory).create(
            "USDC-DAI", "USDC-DAI", tokens, 200, new address[](2), new uint256[](2), new bool[](2), 0.0001e18, address(this)
        );
        poolId = IBalancerPool(pool).getPoolId();
        (address[] memory registered,,) = IBalancerVaultPools(vault).getPoolTokens(poolId);
        uint256[] memory amounts = new uint256[](registered.length);
        for (uint256 i; i < registered.length; ++i) {
            amounts[i] = registered[i] == pool ? 0 : 2_000_000e6;
        }
        _initJoin(poolId, registered, amounts);
    }

    function _initJoin(bytes32 poolId, address[] memory assets, uint256[] memory amounts) internal {
        uint256[] memory max = new uint256[](assets.length);
        for (uint256 i; i < assets.length; ++i) {
            max[i] = type(uint256).max;
            if (amounts[i] > 0) {
                _fund(assets[i], address(this), amounts[i]);
                IERC20(assets[i]).approve(vault, amounts[i]);
            }
        }
        IBalancerVaultPools(vault).joinPool(
            poolId,
            address(this),
            address(this),
            IBalancerVaultPools.JoinPoolRequest(assets, max, abi.encode(uint256(0), amounts), false)
        );
    }

    /// @dev BalancerQueries.querySwap's GIVEN_IN answer (the Vault's swap, reverted and decoded).
    function _balancerOut(bytes32 poolId, address tokenIn, address tokenOut, uint256 amountIn) internal returns (uint256) {
        return IBalancerQueries(balancerQueries).querySwap(
            IBalancerV2Vault.SingleSwap(poolId, IBalancerV2Vault.SwapKind.GIVEN_IN, tokenIn, tokenOut, amountIn, ""),
            IBalancerV2Vault.FundManagement(address(this), false, payable(address(this)), false)
        );
    }

    function _balancerStep(bytes32 poolId, address tokenIn, address tokenOut, uint256 minOut)
        internal
        view
        returns (IJunctionRouter.Step memory)
    {
        return IJunctionRouter.Step(
            0, address(balancerAdapter), tokenIn, tokenOut, minOut, abi.encode(poolId, minOut, block.timestamp + 1800)
        );
    }

    function _assertBalancerAdapterEmpty() internal view {
        address[4] memory tokens = [weth, address(usdc), address(dai), address(wbtc)];
        for (uint256 t; t < tokens.length; ++t) {
            assertEq(IERC20(tokens[t]).balanceOf(address(balancerAdapter)), 0, "balancer adapter kept a token");
            assertEq(IERC20(tokens[t]).allowance(address(balancerAdapter), vault), 0, "balancer adapter kept an approval");
        }
    }
}
