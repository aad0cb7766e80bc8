// OpenSSL's libcrypto (Debian's libssl-dev): the EVP cipher interface the SSH front's AES-GCM runs on.
#include <openssl/evp.h>
