package dev.junction.deploy;

import dev.junction.chain.Address;
import dev.junction.chain.Hex;
import dev.junction.chain.abi.Abi;
import dev.junction.chain.abi.AbiDecoder;
import dev.junction.deploy.JunctionContracts.Contract;
import dev.junction.deploy.JunctionContracts.Role;
import dev.junction.nodes.ChainSettings;
import dev.junction.nodes.ChainSettings.Bridge;
import dev.junction.protocol.AdapterSpec;
import dev.junction.protocol.BridgeProtocol;
import dev.junction.protocol.LegReceiver;
import dev.junction.protocol.Protocols;
import dev.junction.nodes.JsonRpcClient;
import dev.junction.nodes.Quantities;
import dev.junction.nodes.RpcCall;
import dev.junction.nodes.RpcException;
import dev.junction.nodes.RpcResult;
import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.web3j.crypto.Credentials;
import org.web3j.crypto.RawTransaction;
import org.web3j.crypto.TransactionEncoder;
import tools.jackson.databind.JsonNode;

/**
 * Deploys Junction's router, adapters and leg receivers on one chain and registers them, sending only what is
 * missing: it first reads the code at every predicted address ({@link JunctionContracts}) and the router's
 * {@code isAdapter}, {@code isBridgeMessenger} and {@code isRelayer}, so a second run sends no transaction. Contracts go
 * through the canonical CREATE2 deployer; then the router's owner (the deployer's key) allows each adapter
 * ({@code setAdapter}), each bridge contract its room names as a bridge messenger (the contracts that deliver
 * destination legs, e.g. Across's SpokePool calling {@code handleV3AcrossMessage}) and each leg receiver (CCTP's
 * {@code JunctionCctpReceiver}, which calls the same entry point), and Junction's gasless relayer ({@code setRelayer},
 * mode 2), when one is given. Once every chain is deployed, {@link #registerRemoteAdapters} tells each receiver the
 * other chains' adapters of its bridge; last, when a timelock delay is given, {@link #handOver} gives the router's and
 * the receivers' ownership to the deployer's {@code TimelockController} ({@link JunctionContracts#timelock}).
 * Transactions are EIP-1559 where the
 * chain has a base fee, legacy (EIP-155) otherwise, always with the chain id.
 */
public final class Deployer {

    private static final Logger log = LoggerFactory.getLogger(Deployer.class);

    /** Gas limit = estimate * 13/10. */
    private static final int GAS_MARGIN_PERCENT = 130;

    private final ChainSettings chain;
    private final JsonRpcClient rpc;
    private final Credentials key;
    private final Address owner;
    private final Duration receiptTimeout;
    private int sent;

    /**
     * @param privateKeyHex the deployer's key (0x + 64 hex): it sends every transaction and owns the router
     */
    public Deployer(ChainSettings chain, JsonRpcClient rpc, String privateKeyHex) {
        this.chain = chain;
        this.rpc = rpc;
        this.key = Credentials.create(privateKeyHex);
        this.owner = Address.evm(key.getAddress());
        Duration blocks = chain.blockTime().multipliedBy(20);
        this.receiptTimeout = blocks.compareTo(Duration.ofSeconds(120)) > 0 ? blocks : Duration.ofSeconds(120);
    }

    /**
     * What a chain has after {@link #deploy}.
     *
     * @param router the router (owned by the deployer, or by {@code timelock})
     * @param adapters by provider key, in {@link JunctionContracts#adapters(ChainSettings, Address)}'s order
     * @param receivers the bridges' leg receivers by bridge provider key (CCTP: {@code JunctionCctpReceiver}), owned
     *     like the router
     * @param timelock the {@code TimelockController} owning the router, when the deployment handed it over
     * @param transactions how many transactions this run sent (0 when everything was there)
     */
    public record Result(Address router, Map<String, Address> adapters, Map<String, Address> receivers,
            Optional<Address> timelock, int transactions) {

        public Result {
            adapters = Collections.unmodifiableMap(new LinkedHashMap<>(adapters));
            receivers = Collections.unmodifiableMap(new LinkedHashMap<>(receivers));
        }

        /** This result after the hand-over to {@code timelock}, with {@code transactions} sent in all. */
        Result handedOver(Address timelock, int transactions) {
            return new Result(router, adapters, receivers, Optional.of(timelock), transactions);
        }
    }

    /**
     * Deploys and registers what is missing, leaving the router and receivers owned by the deployer: the deploy
     * command then registers the other chains' adapters on the receivers ({@link #registerRemoteAdapters}) and hands
     * ownership over ({@link #handOver}).
     *
     * @param relayer Junction's gasless relayer to register on the router (mode 2 permits), if any
     * @throws DeployException naming the chain and the cause (wrong chain id, no CREATE2 deployer, a router owned by
     *     someone else, a reverted transaction)
     * @throws RpcException when the node cannot be reached or refuses a request
     */
    public Result deploy(Optional<Address> relayer) {
        long id = Quantities.longValue(rpc.call("eth_chainId").asString());
        if (id != chain.id().value()) {
            throw fail("the node at " + rpc.urls().getFirst().getHost() + ":" + rpc.urls().getFirst().getPort()
                    + " is chain " + id + ", not " + chain.id().value());
        }
        if (code(Create2.DEPLOYER).length == 0) {
            throw fail("no CREATE2 deployer at " + Create2.DEPLOYER + " (Arachnid's deterministic deployment proxy, "
                    + "on nearly every chain and built into anvil): deploy it first with its presigned transaction "
                    + "(github.com/Arachnid/deterministic-deployment-proxy), then run again");
        }
        List<Contract> contracts = JunctionContracts.contracts(chain, owner);
        Contract router = contracts.getFirst();
        if (chain.router() != null && !chain.router().equals(router.address())) {
            log.warn("chain {}: junction.chains.{}.router is {}, but the router deployer {} owns is {}; deploying that "
                    + "one (set router to it)", id, id, chain.router(), owner, router.address());
        }

        // 1. Contracts without code at their CREATE2 address.
        Map<Address, Contract> missing = new LinkedHashMap<>();
        List<RpcResult> codes = rpc.batch(contracts.stream()
                .map(c -> RpcCall.of("eth_getCode", c.address().lower(), "latest")).toList());
        for (int i = 0; i < contracts.size(); i++) {
            if (Hex.decode(codes.get(i).orThrow().asString()).length == 0) {
                missing.putIfAbsent(contracts.get(i).address(), contracts.get(i));
            }
        }
        List<Call> deployments = new ArrayList<>();
        for (Contract c : missing.values()) {
            deployments.add(new Call(c.artifact() + " (" + c.key() + ") at " + c.address(), Create2.DEPLOYER,
                    Create2.deployCalldata(c.initCode())));
        }
        sendAll(deployments);
        for (Contract c : missing.values()) {
            if (code(c.address()).length == 0) {
                throw fail(c.artifact() + " has no code at " + c.address() + " after its deployment");
            }
        }

        // 2. The router's allowlists.
        List<Call> calls = new ArrayList<>();
        List<Address> adapters = contracts.stream().filter(c -> c.role().adapter()).map(Contract::address)
                .distinct().toList();
        // the bridges' contracts that deliver legs to the router (Across's SpokePool) and Junction's leg receivers
        List<Address> messengers = Stream.concat(chain.bridges().values().stream()
                .flatMap(b -> JunctionContracts.bridgeAdapter(b).flatMap(AdapterSpec::bridgeMessenger).stream()),
                contracts.stream().filter(c -> c.role() == Role.LEG_RECEIVER).map(Contract::address))
                .distinct().toList();
        List<RpcCall> reads = new ArrayList<>();
        adapters.forEach(a -> reads.add(read(router.address(), "isAdapter(address)", a)));
        messengers.forEach(m -> reads.add(read(router.address(), "isBridgeMessenger(address)", m)));
        relayer.ifPresent(r -> reads.add(read(router.address(), "isRelayer(address)", r)));
        List<RpcResult> flags = rpc.batch(reads);
        int at = 0;
        for (Address a : adapters) {
            if (!isTrue(flags.get(at++))) {
                calls.add(new Call("setAdapter(" + a + ")", router.address(), encode("setAdapter(address,bool)", a)));
            }
        }
        for (Address m : messengers) {
            if (!isTrue(flags.get(at++))) {
                calls.add(new Call("setBridgeMessenger(" + m + ")", router.address(),
                        encode("setBridgeMessenger(address,bool)", m)));
            }
        }
        if (relayer.isPresent() && !isTrue(flags.get(at))) {
            calls.add(new Call("setRelayer(" + relayer.get() + ")", router.address(),
                    encode("setRelayer(address,bool)", relayer.get())));
        }
        if (!calls.isEmpty()) {
            String ownerWord = rpc.call("eth_call", Map.of("to", router.address().lower(), "data",
                    Abi.callHex("owner()")), "latest").asString();
            Address actual = AbiDecoder.address(ownerWord, 0);
            if (actual.equals(JunctionContracts.timelock(owner).address())) {
                throw fail("the router " + router.address() + " is owned by the timelock " + actual + ": schedule "
                        + calls.stream().map(Call::what).toList() + " through it (schedule, then execute after its "
                        + "delay)");
            }
            if (!actual.equals(owner)) {
                throw fail("the router " + router.address() + " is owned by " + actual + ", not by the deployer "
                        + owner + ": only its owner can register adapters");
            }
        }
        sendAll(calls);

        Map<String, Address> byKey = new LinkedHashMap<>();
        contracts.stream().filter(c -> c.role().adapter()).forEach(c -> byKey.put(c.key(), c.address()));
        Map<String, Address> receivers = new LinkedHashMap<>();
        contracts.stream().filter(c -> c.role() == Role.LEG_RECEIVER).forEach(c -> receivers.put(c.key(), c.address()));
        log.info("chain {}: router {} with {} adapters and {} leg receivers ready ({} transactions sent)", id,
                router.address(), byKey.size(), receivers.size(), sent);
        return new Result(router.address(), byKey, receivers, Optional.empty(), sent);
    }

    /**
     * Deploys and registers what is missing on this chain alone (no other chain's adapter registered on a receiver).
     *
     * @param relayer Junction's gasless relayer to register on the router (mode 2 permits), if any
     * @param timelockDelay when present, the router's (and the receivers') ownership ends with a
     *     {@code TimelockController} ({@link JunctionContracts#timelock}) whose minimum delay is this, after everything
     *     is registered
     * @throws DeployException naming the chain and the cause (wrong chain id, no CREATE2 deployer, a router owned by
     *     someone else, a reverted transaction)
     * @throws RpcException when the node cannot be reached or refuses a request
     */
    public Result deploy(Optional<Address> relayer, Optional<Duration> timelockDelay) {
        Result r = deploy(relayer);
        return timelockDelay.map(d -> handOver(r, d)).orElse(r);
    }

    // ------------------------------------------------------------------------------------------- leg receivers

    /**
     * Another chain as the deploy command deployed it.
     *
     * @param settings its settings
     * @param result what {@link #deploy} answered there
     */
    public record Deployed(ChainSettings settings, Result result) {
    }

    /**
     * Registers on each of this chain's leg receivers ({@code this} = a chain {@link #deploy} ran on, {@code mine} its
     * result) every other chain's adapter of the same bridge, under that chain's bridge number
     * ({@code protocol.LegReceiver}: CCTP's Circle domain; {@code setRemoteAdapter(uint32, bytes32)}), sending only
     * the registrations the receiver's {@code remoteAdapter} does not already answer. A chain the bridge numbers not,
     * or without that bridge's adapter, is skipped.
     *
     * @return this result with the transactions sent added
     * @throws DeployException when a receiver needing a registration is not owned by the deployer
     */
    public Result registerRemoteAdapters(Result mine, List<Deployed> others) {
        List<Call> calls = new ArrayList<>();
        for (Map.Entry<String, Address> receiver : mine.receivers().entrySet()) {
            Bridge bridge = chain.bridges().get(receiver.getKey());
            LegReceiver spec = JunctionContracts.legReceiver(bridge).orElseThrow();
            BridgeProtocol room = Protocols.bridge(bridge.key());
            Map<Integer, Address> wanted = new TreeMap<>();
            for (Deployed other : others) {
                if (other.settings().id().equals(chain.id())) {
                    continue;
                }
                OptionalInt number = spec.remoteNumber(other.settings().id());
                Optional<Address> adapter = other.settings().bridges().keySet().stream().sorted()
                        .filter(k -> Protocols.bridge(k) == room).map(k -> other.result().adapters().get(k))
                        .filter(Objects::nonNull).findFirst();
                if (number.isPresent() && adapter.isPresent()) {
                    wanted.put(number.getAsInt(), adapter.get());
                }
            }
            List<Integer> numbers = List.copyOf(wanted.keySet());
            List<RpcResult> registered = rpc.batch(numbers.stream().map(n -> RpcCall.of("eth_call", Map.of("to",
                    receiver.getValue().lower(), "data", Abi.callHex(LegReceiver.REMOTE_ADAPTER, Abi.uint32(n))),
                    "latest")).toList());
            for (int i = 0; i < numbers.size(); i++) {
                Address adapter = wanted.get(numbers.get(i));
                if (!AbiDecoder.address(registered.get(i).orThrow().asString(), 0).equals(adapter)) {
                    calls.add(new Call("setRemoteAdapter(" + numbers.get(i) + ", " + adapter + ") on "
                            + receiver.getValue(), receiver.getValue(), Abi.call(LegReceiver.SET_REMOTE_ADAPTER,
                            Abi.uint32(numbers.get(i)), Abi.bytes32(Abi.encode(Abi.address(adapter))))));
                }
            }
            if (!wanted.isEmpty() && calls.stream().anyMatch(c -> c.to().equals(receiver.getValue()))) {
                requireOwner(receiver.getValue(), "receiver", calls);
            }
        }
        int before = sent;
        sendAll(calls);
        if (sent > before) {
            log.info("chain {}: registered {} remote adapters on its leg receivers", chain.id().value(), sent - before);
        }
        return new Result(mine.router(), mine.adapters(), mine.receivers(), mine.timelock(),
                mine.transactions() + sent - before);
    }

    /** Fails unless {@code contract}'s {@code owner()} is the deployer (the timelock: the calls must be scheduled). */
    private void requireOwner(Address contract, String what, List<Call> calls) {
        Address actual = readAddress(contract, "owner()");
        if (actual.equals(JunctionContracts.timelock(owner).address())) {
            throw fail("the " + what + " " + contract + " is owned by the timelock " + actual + ": schedule "
                    + calls.stream().map(Call::what).toList() + " through it (schedule, then execute after its delay)");
        }
        if (!actual.equals(owner)) {
            throw fail("the " + what + " " + contract + " is owned by " + actual + ", not by the deployer " + owner);
        }
    }

    // ------------------------------------------------------------------------------------------- timelock

    /**
     * Hands the router and the leg receivers of {@code mine} (this chain's {@link #deploy} result) to the deployer's
     * {@code TimelockController} ({@link #handOver(Address, List, Duration)}).
     *
     * @return {@code mine} with the timelock and the transactions sent added
     */
    public Result handOver(Result mine, Duration delay) {
        int before = sent;
        Address timelock = handOver(mine.router(), List.copyOf(mine.receivers().values()), delay);
        return mine.handedOver(timelock, mine.transactions() + sent - before);
    }

    /**
     * Hands the router and {@code receivers} to the deployer's {@code TimelockController} (deployed first when
     * missing): each one's {@code transferOwnership(timelock)} (Ownable2Step), then through the timelock while its
     * delay is still 0, each one's {@code acceptOwnership()} and last the timelock's own {@code updateDelay(delay)},
     * each scheduled and executed at once. Each transaction waits for the previous one's receipt (a timelock operation
     * must be scheduled before it is executed). Sends nothing for a contract the timelock already owns.
     */
    private Address handOver(Address router, List<Address> receivers, Duration delay) {
        Contract timelock = JunctionContracts.timelock(owner);
        Address at = timelock.address();
        if (code(at).length == 0) {
            sendAll(List.of(new Call(timelock.artifact() + " at " + at, Create2.DEPLOYER,
                    Create2.deployCalldata(timelock.initCode()))));
            if (code(at).length == 0) {
                throw fail(timelock.artifact() + " has no code at " + at + " after its deployment");
            }
        }
        BigInteger seconds = BigInteger.valueOf(delay.toSeconds());
        List<Address> owned = new ArrayList<>();
        owned.add(router);
        owned.addAll(receivers);
        List<Address> toHand = new ArrayList<>();
        for (Address contract : owned) {
            Address current = readAddress(contract, "owner()");
            if (current.equals(at)) {
                continue;
            }
            if (!current.equals(owner)) {
                throw fail("the " + (contract.equals(router) ? "router " : "receiver ") + contract + " is owned by "
                        + current + ", not by the deployer " + owner + ": only its owner can hand it to a timelock");
            }
            toHand.add(contract);
        }
        if (toHand.isEmpty()) {
            BigInteger minDelay = readUint(at, "getMinDelay()");
            if (!minDelay.equals(seconds)) {
                log.warn("chain {}: the timelock {} owning the router has a delay of {} s, not the configured {} s: "
                        + "change it through the timelock (updateDelay)", chain.id().value(), at, minDelay, seconds);
            }
            return at;
        }
        if (readUint(at, "getMinDelay()").signum() != 0) {
            throw fail("the timelock " + at + " already has a delay: it cannot accept the ownership of " + toHand
                    + " at once (transfer it, then schedule acceptOwnership() through the timelock)");
        }
        for (Address contract : toHand) {
            if (!readAddress(contract, "pendingOwner()").equals(at)) {
                sendAll(List.of(new Call("transferOwnership(" + at + ") of " + contract, contract,
                        Abi.call("transferOwnership(address)", Abi.address(at)))));
            }
            throughTimelock(at, contract, Abi.call("acceptOwnership()"), "acceptOwnership() of " + contract);
        }
        throughTimelock(at, at, Abi.call("updateDelay(uint256)", Abi.uint256(seconds)), "updateDelay(" + seconds + ")");
        log.info("chain {}: the router {} and leg receivers {} are owned by the timelock {} (delay {} s, proposer and "
                + "executor {})", chain.id().value(), router, receivers, at, seconds, owner);
        return at;
    }

    /** Schedules (unless already scheduled) and executes {@code data} to {@code target} through the timelock. */
    private void throughTimelock(Address timelock, Address target, byte[] data, String what) {
        Abi.Value salt = Abi.bytes32(new byte[32]);
        Abi.Value zero = Abi.bytes32(new byte[32]);
        String id = rpc.call("eth_call", Map.of("to", timelock.lower(), "data", Abi.callHex(
                "hashOperation(address,uint256,bytes,bytes32,bytes32)", Abi.address(target), Abi.uint256(0),
                Abi.bytes(data), zero, salt)), "latest").asString();
        String scheduled = rpc.call("eth_call", Map.of("to", timelock.lower(), "data",
                Abi.callHex("isOperation(bytes32)", Abi.bytes32(Hex.decode(id)))), "latest").asString();
        if (Quantities.big(scheduled).signum() == 0) {
            sendAll(List.of(new Call("timelock schedule " + what, timelock, Abi.call(
                    "schedule(address,uint256,bytes,bytes32,bytes32,uint256)", Abi.address(target), Abi.uint256(0),
                    Abi.bytes(data), zero, salt, Abi.uint256(0)))));
        }
        sendAll(List.of(new Call("timelock execute " + what, timelock, Abi.call(
                "execute(address,uint256,bytes,bytes32,bytes32)", Abi.address(target), Abi.uint256(0),
                Abi.bytes(data), zero, salt))));
    }

    private Address readAddress(Address to, String signature) {
        return AbiDecoder.address(rpc.call("eth_call", Map.of("to", to.lower(), "data", Abi.callHex(signature)),
                "latest").asString(), 0);
    }

    private BigInteger readUint(Address to, String signature) {
        return AbiDecoder.uint(rpc.call("eth_call", Map.of("to", to.lower(), "data", Abi.callHex(signature)),
                "latest").asString(), 0);
    }

    /**
     * Which of {@code adapters} the router allows ({@code isAdapter}, one JSON-RPC batch at the latest block): for a
     * start-up check that the derived adapters are the registered ones.
     *
     * @return the same keys, in the same order, each with the router's answer
     */
    public static Map<String, Boolean> allowed(JsonRpcClient rpc, Address router, Map<String, Address> adapters) {
        List<String> keys = List.copyOf(adapters.keySet());
        List<RpcResult> answers = rpc.batch(keys.stream()
                .map(k -> read(router, "isAdapter(address)", adapters.get(k))).toList());
        Map<String, Boolean> out = new LinkedHashMap<>();
        for (int i = 0; i < keys.size(); i++) {
            out.put(keys.get(i), isTrue(answers.get(i)));
        }
        return out;
    }

    // ------------------------------------------------------------------------------------------- transactions

    private record Call(String what, Address to, byte[] data) {
    }

    private record Sent(Call call, String hash) {
    }

    /** Signs and sends the calls with consecutive nonces (one block can hold them all), then waits for each. */
    private void sendAll(List<Call> calls) {
        if (calls.isEmpty()) {
            return;
        }
        BigInteger nonce = Quantities.big(rpc.call("eth_getTransactionCount", owner.lower(), "pending").asString());
        JsonNode latest = rpc.call("eth_getBlockByNumber", "latest", false);
        JsonNode baseFee = latest.get("baseFeePerGas");
        List<Sent> pending = new ArrayList<>();
        for (Call c : calls) {
            BigInteger gas = estimate(c).multiply(BigInteger.valueOf(GAS_MARGIN_PERCENT)).divide(BigInteger.valueOf(100));
            String data = Hex.encode(c.data());
            RawTransaction raw;
            byte[] signed;
            if (baseFee != null && !baseFee.isNull()) {
                BigInteger tip = priorityFee();
                BigInteger maxFee = Quantities.big(baseFee.asString()).multiply(BigInteger.TWO).add(tip);
                raw = RawTransaction.createTransaction(chain.id().value(), nonce, gas, c.to().lower(), BigInteger.ZERO,
                        data, tip, maxFee);
                signed = TransactionEncoder.signMessage(raw, key);
            } else {
                BigInteger price = Quantities.big(rpc.call("eth_gasPrice").asString());
                raw = RawTransaction.createTransaction(nonce, price, gas, c.to().lower(), BigInteger.ZERO, data);
                signed = TransactionEncoder.signMessage(raw, chain.id().value(), key);
            }
            String hash = rpc.call("eth_sendRawTransaction", Hex.encode(signed)).asString();
            sent++;
            log.info("chain {}: sent {} (nonce {}, tx {})", chain.id().value(), c.what(), nonce, hash);
            pending.add(new Sent(c, hash));
            nonce = nonce.add(BigInteger.ONE);
        }
        long until = System.nanoTime() + receiptTimeout.toNanos();
        for (Sent s : pending) {
            JsonNode receipt = rpc.call("eth_getTransactionReceipt", s.hash());
            while (receipt == null || receipt.isNull()) {
                if (System.nanoTime() > until) {
                    throw fail("no receipt for " + s.call().what() + " (tx " + s.hash() + ") after "
                            + receiptTimeout.toSeconds() + " s");
                }
                sleep(chain.pollInterval());
                receipt = rpc.call("eth_getTransactionReceipt", s.hash());
            }
            if (Quantities.big(receipt.path("status").asString("0x0")).signum() != 1) {
                throw fail(s.call().what() + " reverted (tx " + s.hash() + ")");
            }
        }
    }

    private BigInteger estimate(Call c) {
        try {
            return Quantities.big(rpc.call("eth_estimateGas", Map.of("from", owner.lower(), "to", c.to().lower(),
                    "data", Hex.encode(c.data()))).asString());
        } catch (RpcException e) {
            throw fail(c.what() + " would fail: " + e.getMessage(), e);
        }
    }

    private BigInteger priorityFee() {
        try {
            return Quantities.big(rpc.call("eth_maxPriorityFeePerGas").asString());
        } catch (RpcException e) {
            return BigInteger.valueOf(1_000_000_000L);
        }
    }

    private byte[] code(Address a) {
        return Hex.decode(rpc.call("eth_getCode", a.lower(), "latest").asString());
    }

    private DeployException fail(String message) {
        return new DeployException("chain " + chain.id().value() + ": " + message);
    }

    private DeployException fail(String message, Throwable cause) {
        return new DeployException("chain " + chain.id().value() + ": " + message, cause);
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DeployException("interrupted while waiting for a receipt", e);
        }
    }

    // ------------------------------------------------------------------------------------------------ ABI

    private static RpcCall read(Address to, String signature, Address arg) {
        return RpcCall.of("eth_call", Map.of("to", to.lower(), "data", Abi.callHex(signature, Abi.address(arg))),
                "latest");
    }

    private static boolean isTrue(RpcResult r) {
        return Quantities.big(r.orThrow().asString()).signum() != 0;
    }

    /** {@code signature(address,bool)} with {@code (arg, true)}. */
    private static byte[] encode(String signature, Address arg) {
        return Abi.call(signature, Abi.address(arg), Abi.bool(true));
    }
}
