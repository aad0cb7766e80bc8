function __openmarket_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __openmarket_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __openmarket_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __openmarket_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __openmarket_parse_tokens -S
    set -l unparsed_tokens (__openmarket_tokens -pc)
    switch $unparsed_tokens[1]
    case 'openmarket'
        __openmarket_parse_subcommand 0 'h/help'
        switch $unparsed_tokens[1]
        case 'browse'
            __openmarket_parse_subcommand 0 'server=' 'identifier=' 'secret=' 'data-dir=' 'low-stock=' 'poll-interval=' 'save-identity' 'product=' 'layout=' 'mouse' 'no-mouse' 'no-color' 'colors=' 'ascii' 'no-ascii' 'pictures=' 'theme=' 'lang=' 'remember' 'no-remember' 'config=' 'h/help'
        case 'serve'
            __openmarket_parse_subcommand 0 'host=' 'port=' 'data-dir=' 'database=' 'picture-store=' 'public-url=' 'demo' 'demo-font=' 'log-level=' 'replica-id=' 'header-timeout=' 'body-timeout=' 'idle-timeout=' 'stall-timeout=' 'max-connections=' 'max-connections-per-address=' 'max-streams-per-address=' 'stream-starts-per-minute=' 'no-metrics' 'metrics-port=' 'metrics-host=' 'wish-list-issuer=+' 'h/help'
        case 'vendor'
            __openmarket_parse_subcommand 0 'h/help'
            switch $unparsed_tokens[1]
            case 'add'
                __openmarket_parse_subcommand 1 'data-dir=' 'database=' 'h/help'
            case 'list'
                __openmarket_parse_subcommand 0 'data-dir=' 'database=' 'h/help'
            end
        case 'ssh'
            __openmarket_parse_subcommand 0 'host=' 'port=' 'server=' 'open' 'authorized-keys=' 'data-dir=' 'host-key=' 'max-sessions=' 'max-sessions-per-address=' 'session-memory=' 'session-cpu=' 'upload-files=' 'upload-file-size=' 'upload-space=' 'idle-timeout=' 'max-session-time=' 'connections-per-minute=' 'login-grace-time=' 'max-startups=' 'max-startups-per-address=' 'max-starting=' 'silence-timeout=' 'source-penalty=' 'name=' 'lang=' 'session-template' 'no-session-template' 'group-nice=' 'log-level=' 'metrics-port=' 'metrics-host=' 'proxy-protocol' 'print-issuer' 'issue-owner=' 'h/help'
        case 'config'
            __openmarket_parse_subcommand 0 'h/help'
            switch $unparsed_tokens[1]
            case 'path'
                __openmarket_parse_subcommand 0 'config=' 'h/help'
            case 'show'
                __openmarket_parse_subcommand 0 'config=' 'h/help'
            case 'init'
                __openmarket_parse_subcommand 0 'config=' 'h/help'
            end
        case 'products'
            __openmarket_parse_subcommand 0 'h/help'
            switch $unparsed_tokens[1]
            case 'list'
                __openmarket_parse_subcommand 0 'server=' 'identifier=' 'secret=' 'data-dir=' 'config=' 'lang=' 'timeout=' 'search=' 'sort=' 'in-stock' 'page=' 'per-page=' 'all' 'json' 'jsonl' 'h/help'
            case 'show'
                __openmarket_parse_subcommand 1 'server=' 'identifier=' 'secret=' 'data-dir=' 'config=' 'lang=' 'timeout=' 'json' 'h/help'
            case 'add'
                __openmarket_parse_subcommand 0 'name=' 'description=' 'price=' 'currency=' 'discount=' 'stock=' 'picture=+' 'server=' 'identifier=' 'secret=' 'data-dir=' 'config=' 'lang=' 'timeout=' 'json' 'h/help'
            case 'edit'
                __openmarket_parse_subcommand 1 'name=' 'description=' 'price=' 'currency=' 'discount=' 'stock=' 'server=' 'identifier=' 'secret=' 'data-dir=' 'config=' 'lang=' 'timeout=' 'json' 'h/help'
            case 'delete'
                __openmarket_parse_subcommand 1 'server=' 'identifier=' 'secret=' 'data-dir=' 'config=' 'lang=' 'timeout=' 'yes' 'json' 'h/help'
            case 'restore'
                __openmarket_parse_subcommand 1 'server=' 'identifier=' 'secret=' 'data-dir=' 'config=' 'lang=' 'timeout=' 'json' 'h/help'
            case 'export'
                __openmarket_parse_subcommand 0 'all' 'format=' 'o/output=' 'no-pictures' 'server=' 'identifier=' 'secret=' 'data-dir=' 'config=' 'lang=' 'timeout=' 'h/help'
            case 'import'
                __openmarket_parse_subcommand 1 'format=' 'dry-run' 'server=' 'identifier=' 'secret=' 'data-dir=' 'config=' 'lang=' 'timeout=' 'h/help'
            end
        case 'openapi'
            __openmarket_parse_subcommand 0 'h/help'
        case 'mcp'
            __openmarket_parse_subcommand 0 'server=' 'identifier=' 'secret=' 'data-dir=' 'config=' 'lang=' 'timeout=' 'h/help'
        case 'help'
            __openmarket_parse_subcommand -r 1 
        end
    end
end

function __openmarket_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __openmarket_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __openmarket_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __openmarket_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__openmarket_tokens -p)
    if test -z "$(__openmarket_tokens -t)"
        set -l index (count (__openmarket_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'openmarket' -f
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_positional "openmarket" -eq 1' -fa 'browse' -d 'Browse the market in the terminal (the default).'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_positional "openmarket" -eq 1' -fa 'serve' -d 'Run the Open Market API server.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_positional "openmarket" -eq 1' -fa 'vendor' -d 'Create and list vendors.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_positional "openmarket" -eq 1' -fa 'ssh' -d 'Serve the browser over SSH (one browser per session).'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_positional "openmarket" -eq 1' -fa 'config' -d 'The settings file: where it is, what is in effect, and a commented one to start from.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_positional "openmarket" -eq 1' -fa 'products' -d 'List, show, register, edit and delete products from the shell.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_positional "openmarket" -eq 1' -fa 'openapi' -d 'Print the API\'s OpenAPI 3.1 document (served at /openapi.yaml too).'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_positional "openmarket" -eq 1' -fa 'mcp' -d 'Serve the market to AI agents over the Model Context Protocol (stdio).'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_positional "openmarket" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket browse" server' -l 'server' -d 'Browse this Open Market API server (a URL, or a name under `servers` in the settings file) instead of the embedded one.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket browse" identifier' -l 'identifier' -d 'Vendor identifier for writes (default: the embedded server\'s demo vendor).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket browse" secret' -l 'secret' -d 'Vendor secret for writes.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket browse" data-dir' -l 'data-dir' -d 'The embedded server\'s data directory (default: $XDG_DATA_HOME/openmarket).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket browse" low-stock' -l 'low-stock' -d 'Your products with this many or fewer in stock are marked low (default 2; 0: none is).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket browse" poll-interval' -l 'poll-interval' -d 'Seconds between checks for new products (default 10).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket browse" save-identity' -l 'save-identity' -d 'Keep --identifier and --secret (and --server) in $XDG_CONFIG_HOME/openmarket/identity.json (mode 0600).'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket browse" product' -l 'product' -d 'Open this product at start.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket browse" layout' -l 'layout' -d 'How products are laid out at start: grid (the shop window, the default) or list; v toggles.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket browse" mouse' -l 'mouse' -d 'Use the mouse (the default: yes).'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket browse" no-mouse' -l 'no-mouse' -d 'Use the mouse (the default: yes).'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket browse" no-color' -l 'no-color' -d 'No colours (also when NO_COLOR is set).'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket browse" colors' -l 'colors' -d 'Colours to start with: auto, true (24-bit pictures), 256, 16, 8 or none; c cycles; also OPENMARKET_COLORS.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket browse" ascii' -l 'ascii' -d 'ASCII only, for terminals that draw block characters double-width.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket browse" no-ascii' -l 'no-ascii' -d 'ASCII only, for terminals that draw block characters double-width.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket browse" pictures' -l 'pictures' -d 'Pictures: auto (what the terminal answers it can draw), kitty, sixel, iterm, blocks or off; p cycles; also OPENMARKET_PICTURES.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket browse" theme' -l 'theme' -d 'Colours: auto (light or dark as the terminal\'s background is), dark, light or high-contrast; also OPENMARKET_THEME.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket browse" lang' -l 'lang' -d 'Language: auto (the locale: LC_ALL, LC_MESSAGES or LANG; ko_KR.UTF-8 is Korean), en or ko; also OPENMARKET_LANG.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket browse" remember' -l 'remember' -d 'Keep the layout, pictures and colours left at exit for the next start (the default: yes).'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket browse" no-remember' -l 'no-remember' -d 'Keep the layout, pictures and colours left at exit for the next start (the default: yes).'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket browse" config' -l 'config' -d 'The settings file (default: $XDG_CONFIG_HOME/openmarket/config.yaml; "" for none); also OPENMARKET_CONFIG.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket browse" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket serve" host' -l 'host' -d 'Address to listen on.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket serve" port' -l 'port' -d 'Port to listen on (0 picks a free one).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket serve" data-dir' -l 'data-dir' -d 'Where the database and pictures live (default: $XDG_DATA_HOME/openmarket).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket serve" database' -l 'database' -d 'A PostgreSQL database for the data instead of SQLite in the data directory (default: $OPENMARKET_DATABASE).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket serve" picture-store' -l 'picture-store' -d 'With --database, where pictures\' bytes go: database (shared by every replica) or directory (the data directory\'s images folder, one machine or a shared mount).' -rfka 'database directory'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket serve" public-url' -l 'public-url' -d 'Base URL written into picture URLs (default: http://HOST:PORT).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket serve" demo' -l 'demo' -d 'Seed the demo catalog even if the store already has data.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket serve" demo-font' -l 'demo-font' -d 'The colour-emoji font the demo pictures are drawn from (Debian: fonts-noto-color-emoji).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket serve" log-level' -l 'log-level' -d 'Log level: trace, debug, info, notice, warning, error.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket serve" replica-id' -l 'replica-id' -d 'This server\'s name among its replicas, in /healthChecker/ready (default: the host name).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket serve" header-timeout' -l 'header-timeout' -d 'Seconds a client may take from the first byte of a request to the end of its header.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket serve" body-timeout' -l 'body-timeout' -d 'Seconds a client may take to send a request\'s body once its header is in.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket serve" idle-timeout' -l 'idle-timeout' -d 'Seconds a kept-alive connection may wait for its next request.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket serve" stall-timeout' -l 'stall-timeout' -d 'Seconds answers may wait for a client that reads none of them before its connection is closed.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket serve" max-connections' -l 'max-connections' -d 'Connections open at once (default: from the open-file limit); more wait to be accepted.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket serve" max-connections-per-address' -l 'max-connections-per-address' -d 'Connections one client address may hold at once; 0 for no limit (behind a proxy).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket serve" max-streams-per-address' -l 'max-streams-per-address' -d 'Change streams (GET /api/products/changes) one client address may hold open at once; 0 for no limit (behind a proxy).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket serve" stream-starts-per-minute' -l 'stream-starts-per-minute' -d 'Change streams one client address may start a minute; 0 for no limit.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket serve" no-metrics' -l 'no-metrics' -d 'Do not answer GET /metrics (Prometheus text: requests by route and status, latency, cache hits, database pool waits).'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket serve" metrics-port' -l 'metrics-port' -d 'Answer GET /metrics on this port of its own (0 picks a free one) instead of the API\'s, so that a proxy in front of the API never passes it on.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket serve" metrics-host' -l 'metrics-host' -d 'Address the metrics port listens on.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket serve"' -l 'wish-list-issuer' -d 'Keep wish lists for the visitors of the SSH front with this issuer key (omwl1-…; openmarket ssh --print-issuer prints it). Repeat for each host key; with none, the market keeps no wish lists.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket serve" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket vendor" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_positional "openmarket vendor" -eq 1' -fa 'add' -d 'Create a vendor; prints its identifier and secret.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_positional "openmarket vendor" -eq 1' -fa 'list' -d 'List the vendors.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket vendor add" data-dir' -l 'data-dir' -d 'The server\'s data directory (default: $XDG_DATA_HOME/openmarket).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket vendor add" database' -l 'database' -d 'A PostgreSQL database for the data instead of SQLite in the data directory (default: $OPENMARKET_DATABASE).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket vendor add" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket vendor list" data-dir' -l 'data-dir' -d 'The server\'s data directory (default: $XDG_DATA_HOME/openmarket).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket vendor list" database' -l 'database' -d 'A PostgreSQL database for the data instead of SQLite in the data directory (default: $OPENMARKET_DATABASE).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket vendor list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" host' -l 'host' -d 'Address to listen on.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" port' -l 'port' -d 'Port to listen on (0 picks a free one).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" server' -l 'server' -d 'Browse this API server instead of starting one in-process.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" open' -l 'open' -d 'Anyone may connect and browse; register, edit and delete are off.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" authorized-keys' -l 'authorized-keys' -d 'Only the public keys in this file (OpenSSH format) may connect; each writes as its own vendor.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" data-dir' -l 'data-dir' -d 'Data directory (host key, embedded server, logs).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" host-key' -l 'host-key' -d 'The host key file (default: DATA_DIR/ssh_host_ed25519_key); fronts behind one address share one.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" max-sessions' -l 'max-sessions' -d 'Most sessions at once (default: 500 per core, within half the available memory at 10 MB each and the open-file limit).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" max-sessions-per-address' -l 'max-sessions-per-address' -d 'Most sessions one address holds at once (an IPv6 address counted by its /64); one connection holds one.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" session-memory' -l 'session-memory' -d 'Megabytes of data each visitor\'s browser may map (RLIMIT_DATA, enforced by the kernel; past it the browser ends and the visitor is told why): 0 for no memory budget, else at least 128 (a browser maps about 60 at rest).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" session-cpu' -l 'session-cpu' -d 'Seconds of CPU each visitor\'s browser may use (RLIMIT_CPU). 0: no CPU budget.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" upload-files' -l 'upload-files' -d 'Pictures a vendor key\'s upload folder holds at most (sftp and scp put them there).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" upload-file-size' -l 'upload-file-size' -d 'Megabytes one picture in an upload folder may have.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" upload-space' -l 'upload-space' -d 'Megabytes all of a vendor key\'s upload folder may hold.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" idle-timeout' -l 'idle-timeout' -d 'Seconds without a key before a session is ended.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" max-session-time' -l 'max-session-time' -d 'Seconds a session may last.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" connections-per-minute' -l 'connections-per-minute' -d 'New connections one address may open per minute.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" login-grace-time' -l 'login-grace-time' -d 'Seconds a connection may go without a session (handshake and login included) before it is closed.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" max-startups' -l 'max-startups' -d 'Connections without a session yet, at once; past it each newcomer is let in and the oldest of the address holding the most is closed.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" max-startups-per-address' -l 'max-startups-per-address' -d 'Connections without a session yet that one address may hold; more are closed as they arrive.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" max-starting' -l 'max-starting' -d 'Browsers starting at once (spawned, first page not yet painted); more sessions wait their turn, so a burst of arrivals does not slow the sessions already in. Default: 16 per core.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" silence-timeout' -l 'silence-timeout' -d 'Seconds a connection may stay silent (no SSH version line) before it is closed.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" source-penalty' -l 'source-penalty' -d 'Seconds an address is refused after one of its connections went nowhere (doubling while it goes on, up to 600; 0: never).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" name' -l 'name' -d 'This front\'s name, in the line a visitor gets when it is full (default: the host\'s name).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" lang' -l 'lang' -d 'The interface\'s language for visitors whose client sends no locale: en (the default) or ko; a visitor\'s LANG, LC_ALL or LC_MESSAGES (ssh -o SetEnv=LANG=ko_KR.UTF-8) wins.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" session-template' -l 'session-template' -d 'Fork each visitor\'s browser from a warm template process (a start costs a fraction of a cold one\'s CPU); --no-session-template spawns each one afresh.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" no-session-template' -l 'no-session-template' -d 'Fork each visitor\'s browser from a warm template process (a start costs a fraction of a cold one\'s CPU); --no-session-template spawns each one afresh.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" group-nice' -l 'group-nice' -d 'The nice of the front\'s session group (Linux autogroups), so that the front, which carries every visitor\'s bytes, outweighs each browser (each a group of its own); taken when the front leads its session (a service, or setsid) and may (root or CAP_SYS_NICE); 0 leaves it.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" log-level' -l 'log-level' -d 'Log level.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" metrics-port' -l 'metrics-port' -d 'Serve GET /metrics (Prometheus text: sessions, refusals, handshake and first-page times, the market\'s requests) on this port (0 picks a free one); none when not given.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" metrics-host' -l 'metrics-host' -d 'Address the metrics port listens on.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" proxy-protocol' -l 'proxy-protocol' -d 'Connections start with a PROXY protocol v1 header (behind HAProxy send-proxy or nginx proxy_protocol).'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" print-issuer' -l 'print-issuer' -d 'Print the wish-list issuer key of the host key (made if missing), for the market\'s serve --wish-list-issuer, and exit.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" issue-owner' -l 'issue-owner' -d 'Print the wish-list owner this host key issues for a name (16 to 64 of A-Z a-z 0-9 - _; for OPENMARKET_WISHLIST_OWNER behind OpenSSH), and exit.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket ssh" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket config" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_positional "openmarket config" -eq 1' -fa 'path' -d 'Print the settings file\'s path.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_positional "openmarket config" -eq 1' -fa 'show' -d 'Print the settings in effect, each with where it comes from (the environment, the file, or the default).'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_positional "openmarket config" -eq 1' -fa 'init' -d 'Write a settings file with every setting at its default, commented; never over an existing one.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket config path" config' -l 'config' -d 'The settings file (default: $XDG_CONFIG_HOME/openmarket/config.yaml); also OPENMARKET_CONFIG.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket config path" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket config show" config' -l 'config' -d 'The settings file (default: $XDG_CONFIG_HOME/openmarket/config.yaml); also OPENMARKET_CONFIG.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket config show" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket config init" config' -l 'config' -d 'The settings file (default: $XDG_CONFIG_HOME/openmarket/config.yaml); also OPENMARKET_CONFIG.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket config init" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_positional "openmarket products" -eq 1' -fa 'list' -d 'List products: a page, or --all pages (JSON lines streamed while paging).'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_positional "openmarket products" -eq 1' -fa 'show' -d 'Show one product, its pictures and its description.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_positional "openmarket products" -eq 1' -fa 'add' -d 'Register a product with 1 to 5 pictures (each over 300 KB shrunk as the form shrinks it).'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_positional "openmarket products" -eq 1' -fa 'edit' -d 'Change a product\'s fields; only those given (and different) are sent.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_positional "openmarket products" -eq 1' -fa 'delete' -d 'Delete one of your products (asks first on a terminal; --yes does not).'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_positional "openmarket products" -eq 1' -fa 'restore' -d 'Bring back one of your products deleted in the last 10 minutes, as it was (openmarket serve).'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_positional "openmarket products" -eq 1' -fa 'export' -d 'Write your products (or --all the market\'s) as CSV or JSON Lines, the columns import reads.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_positional "openmarket products" -eq 1' -fa 'import' -d 'Register and change your products from a CSV or JSON Lines file (--dry-run shows the plan only).'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products list" server' -l 'server' -d 'The Open Market API server: a URL, a name under `servers` in the settings file, or embedded (the default: the settings file\'s, else embedded).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products list" identifier' -l 'identifier' -d 'Vendor identifier for writes (default: as the browser finds one: OPENMARKET_IDENTIFIER, a named server\'s, the saved one, the embedded market\'s demo vendor).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products list" secret' -l 'secret' -d 'Vendor secret for writes.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products list" data-dir' -l 'data-dir' -d 'The embedded market\'s data directory (default: $XDG_DATA_HOME/openmarket).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products list" config' -l 'config' -d 'The settings file (default: $XDG_CONFIG_HOME/openmarket/config.yaml; "" for none); also OPENMARKET_CONFIG.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products list" lang' -l 'lang' -d 'The language of what is said: en, ko or auto (the settings file\'s lang, OPENMARKET_LANG, the locale).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products list" timeout' -l 'timeout' -d 'Seconds to wait for each of the market\'s answers before saying it did not answer.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products list" search' -l 'search' -d 'Only products whose name or description has these words (openmarket serve: any order, typos forgiven, best match first).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products list" sort' -l 'sort' -d 'newest, price-asc, price-desc, discount or stock; newest is the default (a server that cannot sort lists newest first, and says so on standard error).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products list" in-stock' -l 'in-stock' -d 'Only products in stock.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products list" page' -l 'page' -d 'The page to list (from 1; default 1).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products list" per-page' -l 'per-page' -d 'Products per page, 1 to 100 (default 20).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products list" all' -l 'all' -d 'Every page, one after another.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products list" json' -l 'json' -d 'One JSON document: {"products": […], "total": N}.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products list" jsonl' -l 'jsonl' -d 'A JSON line per product, written as each page arrives (the default when piped).'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products list" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products show" server' -l 'server' -d 'The Open Market API server: a URL, a name under `servers` in the settings file, or embedded (the default: the settings file\'s, else embedded).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products show" identifier' -l 'identifier' -d 'Vendor identifier for writes (default: as the browser finds one: OPENMARKET_IDENTIFIER, a named server\'s, the saved one, the embedded market\'s demo vendor).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products show" secret' -l 'secret' -d 'Vendor secret for writes.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products show" data-dir' -l 'data-dir' -d 'The embedded market\'s data directory (default: $XDG_DATA_HOME/openmarket).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products show" config' -l 'config' -d 'The settings file (default: $XDG_CONFIG_HOME/openmarket/config.yaml; "" for none); also OPENMARKET_CONFIG.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products show" lang' -l 'lang' -d 'The language of what is said: en, ko or auto (the settings file\'s lang, OPENMARKET_LANG, the locale).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products show" timeout' -l 'timeout' -d 'Seconds to wait for each of the market\'s answers before saying it did not answer.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products show" json' -l 'json' -d 'JSON (the default when piped).'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products show" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products add" name' -l 'name' -d 'The name, 3 to 100 characters.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products add" description' -l 'description' -d 'The description, 10 to 1,000 characters.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products add" price' -l 'price' -d 'The price (12000, 12,000 or 2.36).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products add" currency' -l 'currency' -d 'KRW or USD (registering: KRW when not given).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products add" discount' -l 'discount' -d 'The discount, an amount off the price (default 0).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products add" stock' -l 'stock' -d 'How many are in stock (default 0).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products add"' -l 'picture' -d 'A picture file (JPEG or PNG); give 1 to 5.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products add" server' -l 'server' -d 'The Open Market API server: a URL, a name under `servers` in the settings file, or embedded (the default: the settings file\'s, else embedded).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products add" identifier' -l 'identifier' -d 'Vendor identifier for writes (default: as the browser finds one: OPENMARKET_IDENTIFIER, a named server\'s, the saved one, the embedded market\'s demo vendor).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products add" secret' -l 'secret' -d 'Vendor secret for writes.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products add" data-dir' -l 'data-dir' -d 'The embedded market\'s data directory (default: $XDG_DATA_HOME/openmarket).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products add" config' -l 'config' -d 'The settings file (default: $XDG_CONFIG_HOME/openmarket/config.yaml; "" for none); also OPENMARKET_CONFIG.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products add" lang' -l 'lang' -d 'The language of what is said: en, ko or auto (the settings file\'s lang, OPENMARKET_LANG, the locale).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products add" timeout' -l 'timeout' -d 'Seconds to wait for each of the market\'s answers before saying it did not answer.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products add" json' -l 'json' -d 'JSON (the default when piped).'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products add" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products edit" name' -l 'name' -d 'The name, 3 to 100 characters.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products edit" description' -l 'description' -d 'The description, 10 to 1,000 characters.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products edit" price' -l 'price' -d 'The price (12000, 12,000 or 2.36).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products edit" currency' -l 'currency' -d 'KRW or USD (registering: KRW when not given).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products edit" discount' -l 'discount' -d 'The discount, an amount off the price (default 0).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products edit" stock' -l 'stock' -d 'How many are in stock (default 0).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products edit" server' -l 'server' -d 'The Open Market API server: a URL, a name under `servers` in the settings file, or embedded (the default: the settings file\'s, else embedded).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products edit" identifier' -l 'identifier' -d 'Vendor identifier for writes (default: as the browser finds one: OPENMARKET_IDENTIFIER, a named server\'s, the saved one, the embedded market\'s demo vendor).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products edit" secret' -l 'secret' -d 'Vendor secret for writes.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products edit" data-dir' -l 'data-dir' -d 'The embedded market\'s data directory (default: $XDG_DATA_HOME/openmarket).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products edit" config' -l 'config' -d 'The settings file (default: $XDG_CONFIG_HOME/openmarket/config.yaml; "" for none); also OPENMARKET_CONFIG.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products edit" lang' -l 'lang' -d 'The language of what is said: en, ko or auto (the settings file\'s lang, OPENMARKET_LANG, the locale).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products edit" timeout' -l 'timeout' -d 'Seconds to wait for each of the market\'s answers before saying it did not answer.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products edit" json' -l 'json' -d 'JSON (the default when piped).'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products edit" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products delete" server' -l 'server' -d 'The Open Market API server: a URL, a name under `servers` in the settings file, or embedded (the default: the settings file\'s, else embedded).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products delete" identifier' -l 'identifier' -d 'Vendor identifier for writes (default: as the browser finds one: OPENMARKET_IDENTIFIER, a named server\'s, the saved one, the embedded market\'s demo vendor).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products delete" secret' -l 'secret' -d 'Vendor secret for writes.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products delete" data-dir' -l 'data-dir' -d 'The embedded market\'s data directory (default: $XDG_DATA_HOME/openmarket).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products delete" config' -l 'config' -d 'The settings file (default: $XDG_CONFIG_HOME/openmarket/config.yaml; "" for none); also OPENMARKET_CONFIG.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products delete" lang' -l 'lang' -d 'The language of what is said: en, ko or auto (the settings file\'s lang, OPENMARKET_LANG, the locale).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products delete" timeout' -l 'timeout' -d 'Seconds to wait for each of the market\'s answers before saying it did not answer.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products delete" yes' -l 'yes' -d 'Do not ask.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products delete" json' -l 'json' -d 'JSON of what was deleted (the default when piped).'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products delete" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products restore" server' -l 'server' -d 'The Open Market API server: a URL, a name under `servers` in the settings file, or embedded (the default: the settings file\'s, else embedded).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products restore" identifier' -l 'identifier' -d 'Vendor identifier for writes (default: as the browser finds one: OPENMARKET_IDENTIFIER, a named server\'s, the saved one, the embedded market\'s demo vendor).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products restore" secret' -l 'secret' -d 'Vendor secret for writes.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products restore" data-dir' -l 'data-dir' -d 'The embedded market\'s data directory (default: $XDG_DATA_HOME/openmarket).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products restore" config' -l 'config' -d 'The settings file (default: $XDG_CONFIG_HOME/openmarket/config.yaml; "" for none); also OPENMARKET_CONFIG.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products restore" lang' -l 'lang' -d 'The language of what is said: en, ko or auto (the settings file\'s lang, OPENMARKET_LANG, the locale).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products restore" timeout' -l 'timeout' -d 'Seconds to wait for each of the market\'s answers before saying it did not answer.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products restore" json' -l 'json' -d 'JSON (the default when piped).'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products restore" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products export" all' -l 'all' -d 'Every product of the market, not only yours.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products export" format' -l 'format' -d 'csv or jsonl (default: by --output\'s name, else csv).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products export" o output' -l 'output' -s 'o' -d 'The file to write (default: standard output).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products export" no-pictures' -l 'no-pictures' -d 'Leave the pictures column empty (no request for each product\'s pictures: faster).'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products export" server' -l 'server' -d 'The Open Market API server: a URL, a name under `servers` in the settings file, or embedded (the default: the settings file\'s, else embedded).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products export" identifier' -l 'identifier' -d 'Vendor identifier for writes (default: as the browser finds one: OPENMARKET_IDENTIFIER, a named server\'s, the saved one, the embedded market\'s demo vendor).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products export" secret' -l 'secret' -d 'Vendor secret for writes.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products export" data-dir' -l 'data-dir' -d 'The embedded market\'s data directory (default: $XDG_DATA_HOME/openmarket).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products export" config' -l 'config' -d 'The settings file (default: $XDG_CONFIG_HOME/openmarket/config.yaml; "" for none); also OPENMARKET_CONFIG.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products export" lang' -l 'lang' -d 'The language of what is said: en, ko or auto (the settings file\'s lang, OPENMARKET_LANG, the locale).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products export" timeout' -l 'timeout' -d 'Seconds to wait for each of the market\'s answers before saying it did not answer.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products export" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products import" format' -l 'format' -d 'csv or jsonl (default: by the file\'s name; .jsonl, .ndjson and .json are JSON Lines).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products import" dry-run' -l 'dry-run' -d 'Print the plan — new, changed (each field before → after), unchanged, refused — and change nothing.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products import" server' -l 'server' -d 'The Open Market API server: a URL, a name under `servers` in the settings file, or embedded (the default: the settings file\'s, else embedded).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products import" identifier' -l 'identifier' -d 'Vendor identifier for writes (default: as the browser finds one: OPENMARKET_IDENTIFIER, a named server\'s, the saved one, the embedded market\'s demo vendor).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products import" secret' -l 'secret' -d 'Vendor secret for writes.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products import" data-dir' -l 'data-dir' -d 'The embedded market\'s data directory (default: $XDG_DATA_HOME/openmarket).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products import" config' -l 'config' -d 'The settings file (default: $XDG_CONFIG_HOME/openmarket/config.yaml; "" for none); also OPENMARKET_CONFIG.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products import" lang' -l 'lang' -d 'The language of what is said: en, ko or auto (the settings file\'s lang, OPENMARKET_LANG, the locale).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products import" timeout' -l 'timeout' -d 'Seconds to wait for each of the market\'s answers before saying it did not answer.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket products import" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket openapi" h help' -s 'h' -l 'help' -d 'Show help information.'
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket mcp" server' -l 'server' -d 'The Open Market API server: a URL, a name under `servers` in the settings file, or embedded (the default: the settings file\'s, else embedded).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket mcp" identifier' -l 'identifier' -d 'Vendor identifier for writes (default: as the browser finds one: OPENMARKET_IDENTIFIER, a named server\'s, the saved one, the embedded market\'s demo vendor).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket mcp" secret' -l 'secret' -d 'Vendor secret for writes.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket mcp" data-dir' -l 'data-dir' -d 'The embedded market\'s data directory (default: $XDG_DATA_HOME/openmarket).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket mcp" config' -l 'config' -d 'The settings file (default: $XDG_CONFIG_HOME/openmarket/config.yaml; "" for none); also OPENMARKET_CONFIG.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket mcp" lang' -l 'lang' -d 'The language of what is said: en, ko or auto (the settings file\'s lang, OPENMARKET_LANG, the locale).' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket mcp" timeout' -l 'timeout' -d 'Seconds to wait for each of the market\'s answers before saying it did not answer.' -rfka ''
complete -c 'openmarket' -n '__openmarket_should_offer_completions_for_flags_or_options "openmarket mcp" h help' -s 'h' -l 'help' -d 'Show help information.'
