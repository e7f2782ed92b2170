package dev.junction.support.endpoints;

import dev.junction.chain.Address;
import dev.junction.chain.ChainId;
import dev.junction.execution.relayer.RelayedTx;
import dev.junction.execution.relayer.Relayer;
import dev.junction.execution.relayer.Relayers;
import io.swagger.v3.oas.annotations.Hidden;
import java.math.BigInteger;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/**
 * Test sources only, never in the product jar: with {@code junction.execution.test-endpoint=true} it lets the kill -9
 * tests have the packaged service (started with these classes on its class path, {@link TestEndpoints}) relay plain
 * value transfers and read where each stands.
 */
@Hidden
@RestController
@ConditionalOnProperty(name = TestEndpoints.PROPERTY, havingValue = "true")
class TestRelayerController {

    private final Relayers relayers;

    TestRelayerController(Relayers relayers) {
        this.relayers = relayers;
    }

    record TransferRequest(long chainId, String to, String valueWei, String reference) {
    }

    record RelayedView(String id, String reference, long nonce, String state, String currentHash, String includedHash,
            int versions) {
    }

    /** Signs and records a transfer (SIGNED); the relayer loop broadcasts it at its next poll. */
    @PostMapping("/internal/test/relayer/transfers")
    RelayedView transfer(@RequestBody TransferRequest request) {
        Relayer r = relayer(request.chainId());
        RelayedTx t = r.prepare(request.reference(), Address.evm(request.to()), new BigInteger(request.valueWei()),
                new byte[0], 21_000L);
        return view(r, t);
    }

    @GetMapping("/internal/test/relayer/{chainId}/{id}")
    RelayedView get(@PathVariable long chainId, @PathVariable String id) {
        Relayer r = relayer(chainId);
        return view(r, r.find(id).orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND, "no tx " + id)));
    }

    private Relayer relayer(long chainId) {
        return relayers.on(ChainId.of(chainId)).orElseThrow(
                () -> new ResponseStatusException(HttpStatus.BAD_REQUEST, "no relayer on chain " + chainId));
    }

    private static RelayedView view(Relayer r, RelayedTx t) {
        return new RelayedView(t.id(), t.reference(), t.nonce(), t.state().name(), t.currentHash().value(),
                t.includedHash() == null ? null : t.includedHash().value(), r.versions(t.id()).size());
    }
}
