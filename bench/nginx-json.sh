# Sourced by the server benchmarks: nginx serving the JSON files of "$work/www" as they are, the peer every
# server figure is measured beside. `start_nginx PORT NAME...` serves /NAME from NAME.json (2 workers,
# sendfile, no access log, keep-alive for the whole run); the caller's cleanup kills "$work/nginx.pid".
start_nginx() {
    local port=$1
    shift
    local locations=""
    for name in "$@"; do locations+="        location = /$name { try_files /$name.json =404; }"$'\n'; done
    mkdir -p "$work/nginx-tmp"
    cat >"$work/nginx.conf" <<NGINX
worker_processes 2;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $work/nginx-tmp;
    proxy_temp_path $work/nginx-tmp;
    fastcgi_temp_path $work/nginx-tmp;
    uwsgi_temp_path $work/nginx-tmp;
    scgi_temp_path $work/nginx-tmp;
    default_type application/json;
    sendfile on;
    keepalive_requests 100000;
    server {
        listen 127.0.0.1:$port;
        root $work/www;
$locations    }
}
NGINX
    nginx -c "$work/nginx.conf"
    sleep 0.3
}
