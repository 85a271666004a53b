# syntax=docker/dockerfile:1
# Fray's server, built in a Rust image and run in a slim Debian one.
#   docker build -t fray-server .
#   docker run -p 7878:7878 -v fray-data:/data fray-server

FROM rust:1-bookworm AS build
WORKDIR /src
COPY . .
RUN --mount=type=cache,target=/usr/local/cargo/registry \
    --mount=type=cache,target=/src/target \
    cargo build --release --locked -p fray-server \
    && cp target/release/fray-server /usr/local/bin/fray-server

FROM debian:bookworm-slim
RUN useradd --system --uid 10001 --home-dir /data --no-create-home fray \
    && mkdir -p /data \
    && chown fray:fray /data
COPY --from=build /usr/local/bin/fray-server /usr/local/bin/fray-server
USER fray
VOLUME ["/data"]
EXPOSE 7878
ENV RUST_LOG=info
ENTRYPOINT ["fray-server"]
CMD ["--bind", "0.0.0.0:7878", "--database", "sqlite:///data/fray.db"]
