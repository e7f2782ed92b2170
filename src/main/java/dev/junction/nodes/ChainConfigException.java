package dev.junction.nodes;

/** Invalid chain settings; the message names the property ({@code junction.chains.<id>.<name>}) and the rule. */
public class ChainConfigException extends RuntimeException {

    public ChainConfigException(String message) {
        super(message);
    }
}
