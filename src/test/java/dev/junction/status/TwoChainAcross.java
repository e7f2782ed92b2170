package dev.junction.status;

import dev.junction.chain.ChainId;
import dev.junction.deploy.Deployer;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.ChainsSettings;
import dev.junction.protocol.Protocols;
import dev.junction.status.ChainStatusAnvilTest.Side;
import dev.junction.support.AnvilHarness;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;

/**
 * The two-chain Across setup the status anvil tests share ({@link ChainStatusAnvilTest}, {@link CrossChainSplitAnvilTest},
 * {@link DestinationCallAnvilTest}): Junction's router and adapters deployed on both chains, the Across test relayer
 * between them, and both stopped.
 */
final class TwoChainAcross {

    private TwoChainAcross() {
    }

    /**
     * Deploys Junction's router and adapters on every chain {@code properties} configures, by the deploy command's
     * deployer (CREATE2, owner dev account 0); puts each chain's {@code router} into {@code properties} and answers
     * the deployments by chain.
     */
    static Map<ChainId, Deployer.Result> deployRouters(Map<String, String> properties, Side a, Side b) {
        Map<ChainId, Deployer.Result> deployments = new LinkedHashMap<>();
        Binder binder = new Binder(new MapConfigurationPropertySource(properties));
        for (ChainSettings settings : ChainsSettings.bind(binder, Protocols.dexKinds()).all()) {
            Side s = settings.id().equals(a.id()) ? a : b;
            Deployer.Result deployed = new Deployer(settings, s.rpc(), AnvilHarness.DEV_KEYS.get(0))
                    .deploy(Optional.empty());
            deployments.put(s.id(), deployed);
            properties.put("junction.chains." + s.id().value() + ".router", deployed.router().value());
        }
        return deployments;
    }

    /** The Across test relayer (dev account 2) between the two chains' SpokePools. */
    static AnvilHarness.Relayer startRelayer(Side a, Side b) throws Exception {
        return AnvilHarness.startRelayer(AnvilHarness.DEV_KEYS.get(2), List.of(
                a.id().value() + "=" + a.anvil().rpcUrl() + "=" + a.spokePool(),
                b.id().value() + "=" + b.anvil().rpcUrl() + "=" + b.spokePool()));
    }

    /** Stops the relayer and both anvils, whichever were started. */
    static void stop(AnvilHarness.Relayer relayer, Side a, Side b) {
        if (relayer != null) {
            relayer.close();
        }
        for (Side s : new Side[] {a, b}) {
            if (s != null) {
                s.anvil().close();
            }
        }
    }
}
