package dev.junction.api.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;

class HttpPropertiesTest {

    @Test
    void theResponseBufferIsBetweenTomcatsDefaultAndOneMegabyte() {
        assertThat(new HttpProperties(DataSize.ofKilobytes(8)).responseBufferBytes()).isEqualTo(8192);
        assertThat(new HttpProperties(DataSize.ofMegabytes(1)).responseBufferBytes()).isEqualTo(1 << 20);
        assertThatThrownBy(() -> new HttpProperties(DataSize.ofBytes(8191)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("junction.http.response-buffer must be between 8KB and 1MB, was 8191B");
        assertThatThrownBy(() -> new HttpProperties(DataSize.ofBytes((1 << 20) + 1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("junction.http.response-buffer must be between 8KB and 1MB");
    }
}
