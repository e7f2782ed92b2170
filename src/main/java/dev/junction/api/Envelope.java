package dev.junction.api;

/**
 * The one response shape of every Junction endpoint, success or failure.
 *
 * @param code 0 on success, else an {@link ErrorCode#code()}
 * @param data the payload on success; on an error {@code null} or {@code {"param": NAME}} naming the parameter at fault
 * @param message "ok" on success (an accepted gasless swap adds what the sandbox does not check), else one sentence
 *     naming the parameter and the rule
 * @param <T> payload type
 */
public record Envelope<T>(int code, T data, String message) {

    /** The message of every successful response. */
    public static final String OK = "ok";

    /** A success envelope: code 0, message "ok". */
    public static <T> Envelope<T> ok(T data) {
        return new Envelope<>(0, data, OK);
    }

    /** An error envelope; {@code data} is {@code {"param": param}} when a parameter is named, else null. */
    public static Envelope<ParamRef> error(ErrorCode code, String message, String param) {
        return new Envelope<>(code.code(), param == null ? null : new ParamRef(param), message);
    }

    /**
     * The {@code data} of an error caused by one parameter.
     *
     * @param param the parameter's name exactly as the interface spells it
     */
    public record ParamRef(String param) {
    }
}
