package dev.junction.deploy;

/** A deployment that cannot go on, with a message fit for one line on stderr (it names the chain and what to do). */
public class DeployException extends RuntimeException {

    public DeployException(String message) {
        super(message);
    }

    public DeployException(String message, Throwable cause) {
        super(message, cause);
    }
}
