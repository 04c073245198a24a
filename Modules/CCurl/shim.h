// The system libcurl, for NetworkClient's CurlTransport on Linux. curl_easy_setopt and its
// kin are C variadic functions, which Swift cannot call: these typed wrappers can.
#include <curl/curl.h>
#include <fcntl.h>
#include <sys/socket.h>

typedef size_t (*ccurl_data_callback)(char *, size_t, size_t, void *);
typedef int (*ccurl_progress_callback)(void *, curl_off_t, curl_off_t, curl_off_t,
                                       curl_off_t);

static inline CURLcode ccurl_set_long(CURL *easy, CURLoption option, long value) {
  return curl_easy_setopt(easy, option, value);
}

static inline CURLcode ccurl_set_offset(CURL *easy, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(easy, option, value);
}

static inline CURLcode ccurl_set_string(CURL *easy, CURLoption option, const char *value) {
  return curl_easy_setopt(easy, option, value);
}

static inline CURLcode ccurl_set_pointer(CURL *easy, CURLoption option, void *value) {
  return curl_easy_setopt(easy, option, value);
}

static inline CURLcode ccurl_set_headers(CURL *easy, struct curl_slist *headers) {
  return curl_easy_setopt(easy, CURLOPT_HTTPHEADER, headers);
}

static inline CURLcode ccurl_set_data_callback(CURL *easy, CURLoption option,
                                               ccurl_data_callback callback) {
  return curl_easy_setopt(easy, option, callback);
}

static inline CURLcode ccurl_set_progress_callback(CURL *easy,
                                                   ccurl_progress_callback callback) {
  return curl_easy_setopt(easy, CURLOPT_XFERINFOFUNCTION, callback);
}

/// Only http and https, for the first request and any redirect.
static inline CURLcode ccurl_allow_http_only(CURL *easy) {
#if LIBCURL_VERSION_NUM >= 0x075500
  return curl_easy_setopt(easy, CURLOPT_PROTOCOLS_STR, "http,https");
#else
  return curl_easy_setopt(easy, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
#endif
}

static inline long ccurl_response_code(CURL *easy) {
  long code = 0;
  curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &code);
  return code;
}

static inline const char *ccurl_effective_url(CURL *easy) {
  char *url = NULL;
  curl_easy_getinfo(easy, CURLINFO_EFFECTIVE_URL, &url);
  return url;
}

static inline CURLMcode ccurl_multi_set_long(CURLM *multi, CURLMoption option, long value) {
  return curl_multi_setopt(multi, option, value);
}

/// The easy handle and result of a finished transfer's message, or NULL when `message` is
/// not a CURLMSG_DONE.
static inline CURL *ccurl_done(CURLMsg *message, CURLcode *result) {
  if (message == NULL || message->msg != CURLMSG_DONE) return NULL;
  *result = message->data.result;
  return message->easy_handle;
}

/// Opens a transfer's socket close-on-exec, atomically where SOCK_CLOEXEC exists: libcurl
/// 7.88 (Debian 12's) opens its sockets without it, so a child process would inherit them.
static inline curl_socket_t ccurl_open_socket_cloexec(void *context, curlsocktype purpose,
                                                      struct curl_sockaddr *address) {
  (void)context;
  (void)purpose;
#ifdef SOCK_CLOEXEC
  return socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
#else
  int descriptor = socket(address->family, address->socktype, address->protocol);
  if (descriptor >= 0) fcntl(descriptor, F_SETFD, FD_CLOEXEC);
  return descriptor;
#endif
}

/// Every socket of the transfer is opened close-on-exec.
static inline CURLcode ccurl_open_sockets_cloexec(CURL *easy) {
  return curl_easy_setopt(easy, CURLOPT_OPENSOCKETFUNCTION, ccurl_open_socket_cloexec);
}
