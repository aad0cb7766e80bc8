#!/bin/bash

__openmarket_cursor_index_in_current_word() {
    local remaining="${COMP_LINE}"

    local word
    for word in "${COMP_WORDS[@]::COMP_CWORD}"; do
        remaining="${remaining##*([[:space:]])"${word}"*([[:space:]])}"
    done

    local -ir index="$((COMP_POINT - ${#COMP_LINE} + ${#remaining}))"
    if [[ "${index}" -le 0 ]]; then
        printf 0
    else
        printf %s "${index}"
    fi
}

# positional arguments:
#
# - 1: the current (sub)command's count of positional arguments
#
# required variables:
#
# - repeating_flags: the repeating flags that the current (sub)command can accept
# - non_repeating_flags: the non-repeating flags that the current (sub)command can accept
# - repeating_options: the repeating options that the current (sub)command can accept
# - non_repeating_options: the non-repeating options that the current (sub)command can accept
# - positional_number: value ignored
# - unparsed_words: unparsed words from the current command line
#
# modified variables:
#
# - non_repeating_flags: remove flags for this (sub)command that are already on the command line
# - non_repeating_options: remove options for this (sub)command that are already on the command line
# - positional_number: set to the current positional number
# - unparsed_words: remove all flags, options, and option values for this (sub)command
__openmarket_offer_flags_options() {
    local -ir positional_count="${1}"
    positional_number=0

    local was_flag_option_terminator_seen=false
    local is_parsing_option_value=false

    local -ar unparsed_word_indices=("${!unparsed_words[@]}")
    local -i word_index
    for word_index in "${unparsed_word_indices[@]}"; do
        if "${is_parsing_option_value}"; then
            # This word is an option value:
            # Reset marker for next word iff not currently the last word
            [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]] && is_parsing_option_value=false
            unset "unparsed_words[${word_index}]"
            # Do not process this word as a flag or an option
            continue
        fi

        local word="${unparsed_words["${word_index}"]}"
        if ! "${was_flag_option_terminator_seen}"; then
            case "${word}" in
            --)
                unset "unparsed_words[${word_index}]"
                # by itself -- is a flag/option terminator, but if it is the last word, it is the start of a completion
                if [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]]; then
                    was_flag_option_terminator_seen=true
                fi
                continue
                ;;
            -*)
                # ${word} is a flag or an option
                # If ${word} is an option, mark that the next word to be parsed is an option value
                local option
                for option in "${repeating_options[@]}" "${non_repeating_options[@]}"; do
                    [[ "${word}" = "${option}" ]] && is_parsing_option_value=true && break
                done

                # Remove ${word} from ${non_repeating_flags} or ${non_repeating_options} so it isn't offered again
                local not_found=true
                local -i index
                for index in "${!non_repeating_flags[@]}"; do
                    if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                        unset "non_repeating_flags[${index}]"
                        non_repeating_flags=("${non_repeating_flags[@]}")
                        not_found=false
                        break
                    fi
                done
                if "${not_found}"; then
                    for index in "${!non_repeating_flags[@]}"; do
                        if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                            unset "non_repeating_flags[${index}]"
                            non_repeating_flags=("${non_repeating_flags[@]}")
                            break
                        fi
                    done
                fi
                unset "unparsed_words[${word_index}]"
                continue
                ;;
            esac
        fi

        # ${word} is neither a flag, nor an option, nor an option value
        if [[ "${positional_number}" -lt "${positional_count}" || "${positional_count}" -lt 0 ]]; then
            # ${word} is a positional
            ((positional_number++))
            unset "unparsed_words[${word_index}]"
        else
            if [[ -z "${word}" ]]; then
                # Could be completing a flag, option, or subcommand
                positional_number=-1
            else
                # ${word} is a subcommand or invalid, so stop processing this (sub)command
                positional_number=-2
            fi
            break
        fi
    done

    unparsed_words=("${unparsed_words[@]}")

    if\
        ! "${was_flag_option_terminator_seen}"\
        && ! "${is_parsing_option_value}"\
        && [[ ("${cur}" = -* && "${positional_number}" -ge 0) || "${positional_number}" -eq -1 ]]
    then
        COMPREPLY+=($(compgen -W "${repeating_flags[*]} ${non_repeating_flags[*]} ${repeating_options[*]} ${non_repeating_options[*]}" -- "${cur}"))
    fi
}

__openmarket_add_completions() {
    local completion
    while IFS='' read -r completion; do
        COMPREPLY+=("${completion}")
    done < <(IFS=$'\n' compgen "${@}" -- "${cur}")
}

__openmarket_custom_complete() {
    if [[ -n "${cur}" || -z ${COMP_WORDS[${COMP_CWORD}]} || "${COMP_LINE:${COMP_POINT}:1}" != ' ' ]]; then
        local -ar words=("${COMP_WORDS[@]}")
    else
        local -ar words=("${COMP_WORDS[@]::${COMP_CWORD}}" '' "${COMP_WORDS[@]:${COMP_CWORD}}")
    fi

    "${COMP_WORDS[0]}" "${@}" "${words[@]}"
}

_openmarket() {
    local state
    state="$(shopt -p;shopt -po)"
    trap "${state//$'\n'/;}" RETURN
    shopt -s extglob
    set +o history +o posix

    local -xr SAP_SHELL=bash
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(IFS='.';printf %s "${BASH_VERSINFO[*]}")"
    local -r SAP_SHELL_VERSION

    local -r cur="${2}"
    local -r prev="${3}"

    local -i positional_number
    local -a unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")

    local -a repeating_flags=()
    local -a non_repeating_flags=(-h --help)
    local -a repeating_options=()
    local -a non_repeating_options=()
    __openmarket_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    browse|serve|vendor|ssh|config|products|openapi|mcp|help)
        # Offer subcommand argument completions
        "_openmarket_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'browse serve vendor ssh config products openapi mcp help' -- "${cur}"))
        ;;
    esac
}

_openmarket_browse() {
    repeating_flags=()
    non_repeating_flags=(--save-identity --mouse --no-mouse --no-color --ascii --no-ascii --remember --no-remember -h --help)
    repeating_options=()
    non_repeating_options=(--server --identifier --secret --data-dir --low-stock --poll-interval --product --layout --colors --pictures --theme --lang --config)
    __openmarket_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--identifier')
        return
        ;;
    '--secret')
        return
        ;;
    '--data-dir')
        return
        ;;
    '--low-stock')
        return
        ;;
    '--poll-interval')
        return
        ;;
    '--product')
        return
        ;;
    '--layout')
        return
        ;;
    '--colors')
        return
        ;;
    '--pictures')
        return
        ;;
    '--theme')
        return
        ;;
    '--lang')
        return
        ;;
    '--config')
        return
        ;;
    esac
}

_openmarket_serve() {
    repeating_flags=()
    non_repeating_flags=(--demo --no-metrics -h --help)
    repeating_options=(--wish-list-issuer)
    non_repeating_options=(--host --port --data-dir --database --picture-store --public-url --demo-font --log-level --replica-id --header-timeout --body-timeout --idle-timeout --stall-timeout --max-connections --max-connections-per-address --max-streams-per-address --stream-starts-per-minute --metrics-port --metrics-host)
    __openmarket_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--host')
        return
        ;;
    '--port')
        return
        ;;
    '--data-dir')
        return
        ;;
    '--database')
        return
        ;;
    '--picture-store')
        __openmarket_add_completions -W 'database'$'\n''directory'
        return
        ;;
    '--public-url')
        return
        ;;
    '--demo-font')
        return
        ;;
    '--log-level')
        return
        ;;
    '--replica-id')
        return
        ;;
    '--header-timeout')
        return
        ;;
    '--body-timeout')
        return
        ;;
    '--idle-timeout')
        return
        ;;
    '--stall-timeout')
        return
        ;;
    '--max-connections')
        return
        ;;
    '--max-connections-per-address')
        return
        ;;
    '--max-streams-per-address')
        return
        ;;
    '--stream-starts-per-minute')
        return
        ;;
    '--metrics-port')
        return
        ;;
    '--metrics-host')
        return
        ;;
    '--wish-list-issuer')
        return
        ;;
    esac
}

_openmarket_vendor() {
    repeating_flags=()
    non_repeating_flags=(-h --help)
    repeating_options=()
    non_repeating_options=()
    __openmarket_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    add|list)
        # Offer subcommand argument completions
        "_openmarket_vendor_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'add list' -- "${cur}"))
        ;;
    esac
}

_openmarket_vendor_add() {
    repeating_flags=()
    non_repeating_flags=(-h --help)
    repeating_options=()
    non_repeating_options=(--data-dir --database)
    __openmarket_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--data-dir')
        return
        ;;
    '--database')
        return
        ;;
    esac
}

_openmarket_vendor_list() {
    repeating_flags=()
    non_repeating_flags=(-h --help)
    repeating_options=()
    non_repeating_options=(--data-dir --database)
    __openmarket_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--data-dir')
        return
        ;;
    '--database')
        return
        ;;
    esac
}

_openmarket_ssh() {
    repeating_flags=()
    non_repeating_flags=(--open --session-template --no-session-template --proxy-protocol --print-issuer -h --help)
    repeating_options=()
    non_repeating_options=(--host --port --server --authorized-keys --data-dir --host-key --max-sessions --max-sessions-per-address --session-memory --session-cpu --upload-files --upload-file-size --upload-space --idle-timeout --max-session-time --connections-per-minute --login-grace-time --max-startups --max-startups-per-address --max-starting --silence-timeout --source-penalty --name --lang --group-nice --log-level --metrics-port --metrics-host --issue-owner)
    __openmarket_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--host')
        return
        ;;
    '--port')
        return
        ;;
    '--server')
        return
        ;;
    '--authorized-keys')
        return
        ;;
    '--data-dir')
        return
        ;;
    '--host-key')
        return
        ;;
    '--max-sessions')
        return
        ;;
    '--max-sessions-per-address')
        return
        ;;
    '--session-memory')
        return
        ;;
    '--session-cpu')
        return
        ;;
    '--upload-files')
        return
        ;;
    '--upload-file-size')
        return
        ;;
    '--upload-space')
        return
        ;;
    '--idle-timeout')
        return
        ;;
    '--max-session-time')
        return
        ;;
    '--connections-per-minute')
        return
        ;;
    '--login-grace-time')
        return
        ;;
    '--max-startups')
        return
        ;;
    '--max-startups-per-address')
        return
        ;;
    '--max-starting')
        return
        ;;
    '--silence-timeout')
        return
        ;;
    '--source-penalty')
        return
        ;;
    '--name')
        return
        ;;
    '--lang')
        return
        ;;
    '--group-nice')
        return
        ;;
    '--log-level')
        return
        ;;
    '--metrics-port')
        return
        ;;
    '--metrics-host')
        return
        ;;
    '--issue-owner')
        return
        ;;
    esac
}

_openmarket_config() {
    repeating_flags=()
    non_repeating_flags=(-h --help)
    repeating_options=()
    non_repeating_options=()
    __openmarket_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    path|show|init)
        # Offer subcommand argument completions
        "_openmarket_config_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'path show init' -- "${cur}"))
        ;;
    esac
}

_openmarket_config_path() {
    repeating_flags=()
    non_repeating_flags=(-h --help)
    repeating_options=()
    non_repeating_options=(--config)
    __openmarket_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--config')
        return
        ;;
    esac
}

_openmarket_config_show() {
    repeating_flags=()
    non_repeating_flags=(-h --help)
    repeating_options=()
    non_repeating_options=(--config)
    __openmarket_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--config')
        return
        ;;
    esac
}

_openmarket_config_init() {
    repeating_flags=()
    non_repeating_flags=(-h --help)
    repeating_options=()
    non_repeating_options=(--config)
    __openmarket_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--config')
        return
        ;;
    esac
}

_openmarket_products() {
    repeating_flags=()
    non_repeating_flags=(-h --help)
    repeating_options=()
    non_repeating_options=()
    __openmarket_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|show|add|edit|delete|restore|export|import)
        # Offer subcommand argument completions
        "_openmarket_products_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list show add edit delete restore export import' -- "${cur}"))
        ;;
    esac
}

_openmarket_products_list() {
    repeating_flags=()
    non_repeating_flags=(--in-stock --all --json --jsonl -h --help)
    repeating_options=()
    non_repeating_options=(--server --identifier --secret --data-dir --config --lang --timeout --search --sort --page --per-page)
    __openmarket_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--identifier')
        return
        ;;
    '--secret')
        return
        ;;
    '--data-dir')
        return
        ;;
    '--config')
        return
        ;;
    '--lang')
        return
        ;;
    '--timeout')
        return
        ;;
    '--search')
        return
        ;;
    '--sort')
        return
        ;;
    '--page')
        return
        ;;
    '--per-page')
        return
        ;;
    esac
}

_openmarket_products_show() {
    repeating_flags=()
    non_repeating_flags=(--json -h --help)
    repeating_options=()
    non_repeating_options=(--server --identifier --secret --data-dir --config --lang --timeout)
    __openmarket_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--identifier')
        return
        ;;
    '--secret')
        return
        ;;
    '--data-dir')
        return
        ;;
    '--config')
        return
        ;;
    '--lang')
        return
        ;;
    '--timeout')
        return
        ;;
    esac
}

_openmarket_products_add() {
    repeating_flags=()
    non_repeating_flags=(--json -h --help)
    repeating_options=(--picture)
    non_repeating_options=(--name --description --price --currency --discount --stock --server --identifier --secret --data-dir --config --lang --timeout)
    __openmarket_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--name')
        return
        ;;
    '--description')
        return
        ;;
    '--price')
        return
        ;;
    '--currency')
        return
        ;;
    '--discount')
        return
        ;;
    '--stock')
        return
        ;;
    '--picture')
        return
        ;;
    '--server')
        return
        ;;
    '--identifier')
        return
        ;;
    '--secret')
        return
        ;;
    '--data-dir')
        return
        ;;
    '--config')
        return
        ;;
    '--lang')
        return
        ;;
    '--timeout')
        return
        ;;
    esac
}

_openmarket_products_edit() {
    repeating_flags=()
    non_repeating_flags=(--json -h --help)
    repeating_options=()
    non_repeating_options=(--name --description --price --currency --discount --stock --server --identifier --secret --data-dir --config --lang --timeout)
    __openmarket_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--name')
        return
        ;;
    '--description')
        return
        ;;
    '--price')
        return
        ;;
    '--currency')
        return
        ;;
    '--discount')
        return
        ;;
    '--stock')
        return
        ;;
    '--server')
        return
        ;;
    '--identifier')
        return
        ;;
    '--secret')
        return
        ;;
    '--data-dir')
        return
        ;;
    '--config')
        return
        ;;
    '--lang')
        return
        ;;
    '--timeout')
        return
        ;;
    esac
}

_openmarket_products_delete() {
    repeating_flags=()
    non_repeating_flags=(--yes --json -h --help)
    repeating_options=()
    non_repeating_options=(--server --identifier --secret --data-dir --config --lang --timeout)
    __openmarket_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--identifier')
        return
        ;;
    '--secret')
        return
        ;;
    '--data-dir')
        return
        ;;
    '--config')
        return
        ;;
    '--lang')
        return
        ;;
    '--timeout')
        return
        ;;
    esac
}

_openmarket_products_restore() {
    repeating_flags=()
    non_repeating_flags=(--json -h --help)
    repeating_options=()
    non_repeating_options=(--server --identifier --secret --data-dir --config --lang --timeout)
    __openmarket_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--identifier')
        return
        ;;
    '--secret')
        return
        ;;
    '--data-dir')
        return
        ;;
    '--config')
        return
        ;;
    '--lang')
        return
        ;;
    '--timeout')
        return
        ;;
    esac
}

_openmarket_products_export() {
    repeating_flags=()
    non_repeating_flags=(--all --no-pictures -h --help)
    repeating_options=()
    non_repeating_options=(--format --output -o --server --identifier --secret --data-dir --config --lang --timeout)
    __openmarket_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--format')
        return
        ;;
    '--output'|'-o')
        return
        ;;
    '--server')
        return
        ;;
    '--identifier')
        return
        ;;
    '--secret')
        return
        ;;
    '--data-dir')
        return
        ;;
    '--config')
        return
        ;;
    '--lang')
        return
        ;;
    '--timeout')
        return
        ;;
    esac
}

_openmarket_products_import() {
    repeating_flags=()
    non_repeating_flags=(--dry-run -h --help)
    repeating_options=()
    non_repeating_options=(--format --server --identifier --secret --data-dir --config --lang --timeout)
    __openmarket_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--format')
        return
        ;;
    '--server')
        return
        ;;
    '--identifier')
        return
        ;;
    '--secret')
        return
        ;;
    '--data-dir')
        return
        ;;
    '--config')
        return
        ;;
    '--lang')
        return
        ;;
    '--timeout')
        return
        ;;
    esac
}

_openmarket_openapi() {
    repeating_flags=()
    non_repeating_flags=(-h --help)
    repeating_options=()
    non_repeating_options=()
    __openmarket_offer_flags_options 0
}

_openmarket_mcp() {
    repeating_flags=()
    non_repeating_flags=(-h --help)
    repeating_options=()
    non_repeating_options=(--server --identifier --secret --data-dir --config --lang --timeout)
    __openmarket_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--server')
        return
        ;;
    '--identifier')
        return
        ;;
    '--secret')
        return
        ;;
    '--data-dir')
        return
        ;;
    '--config')
        return
        ;;
    '--lang')
        return
        ;;
    '--timeout')
        return
        ;;
    esac
}

_openmarket_help() {
    :
}

complete -o filenames -F _openmarket openmarket
