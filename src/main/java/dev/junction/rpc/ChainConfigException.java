package dev.junction.rpc;

/** Invalid chain settings; the message names the property ({@code junction.chains.<id>.<name>}) and the rule. */
public class ChainConfigException extends RuntimeException {

    public ChainConfigException(String message) {
        super(message);
    }
}
