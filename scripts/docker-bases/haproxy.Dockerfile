# Stand-in for haproxy:3.0-alpine: Debian's HAProxy (2.6), run as the `haproxy` user in the master-worker
# mode the official entrypoint adds (-W -db), reading the same config path, stopped by SIGUSR1 (a
# soft stop: in-flight requests finish) as the official image is.
FROM debian:bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends haproxy \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /usr/local/etc/haproxy
WORKDIR /var/lib/haproxy
USER haproxy
STOPSIGNAL SIGUSR1
ENTRYPOINT ["haproxy", "-W", "-db"]
CMD ["-f", "/usr/local/etc/haproxy/haproxy.cfg"]
