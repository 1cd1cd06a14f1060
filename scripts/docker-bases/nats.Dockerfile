# Stand-in for nats:2.10-alpine: Debian's nats-server (2.9) and the wget the official image's busybox
# has; the same entrypoint, default config path and ports.
FROM debian:bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends nats-server wget \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /etc/nats \
  && printf 'port: 4222\nhttp_port: 8222\n' > /etc/nats/nats-server.conf
EXPOSE 4222 6222 8222
ENTRYPOINT ["nats-server"]
CMD ["--config", "/etc/nats/nats-server.conf"]
