# Stand-in for redis:7-alpine: Debian's redis-server and redis-cli (7.0), run as the `redis` user in
# /data as the official image's entrypoint does.
FROM debian:bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends redis-server \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir /data && chown redis:redis /data
VOLUME /data
WORKDIR /data
USER redis
EXPOSE 6379
CMD ["redis-server"]
