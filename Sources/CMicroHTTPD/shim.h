#ifndef ACCOUNTFEED_CMICROHTTPD_SHIM_H
#define ACCOUNTFEED_CMICROHTTPD_SHIM_H

#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <sys/epoll.h>
#include <microhttpd.h>

// MHD_start_daemon and MHD_get_connection_info are variadic, which Swift cannot call; these wrappers
// pass fixed arguments through and are the shim's only code. <sys/epoll.h>, which Glibc's module
// leaves out, is for watching suspended event streams' sockets.

static inline struct MHD_Daemon *accountfeed_mhd_start(
    unsigned int flags, int listen_socket, MHD_AcceptPolicyCallback accept_policy,
    MHD_AccessHandlerCallback handler, void *handler_context, MHD_LogCallback logger,
    MHD_RequestCompletedCallback completed, MHD_NotifyConnectionCallback connection,
    void *(*uri_logger)(void *context, const char *uri, struct MHD_Connection *connection),
    unsigned int thread_pool_size, unsigned int connection_timeout,
    size_t connection_memory_limit, unsigned int connection_limit) {
  return MHD_start_daemon(
      flags, 0, accept_policy, handler_context, handler, handler_context,
      // First, as libmicrohttpd asks, so none of its messages goes to its own logger.
      MHD_OPTION_EXTERNAL_LOGGER, logger, handler_context,
      MHD_OPTION_LISTEN_SOCKET, listen_socket,
      MHD_OPTION_NOTIFY_COMPLETED, completed, handler_context,
      MHD_OPTION_NOTIFY_CONNECTION, connection, handler_context,
      MHD_OPTION_URI_LOG_CALLBACK, uri_logger, handler_context,
      MHD_OPTION_THREAD_POOL_SIZE, thread_pool_size,
      MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout,
      MHD_OPTION_CONNECTION_MEMORY_LIMIT, connection_memory_limit,
      MHD_OPTION_CONNECTION_LIMIT, connection_limit,
      MHD_OPTION_END);
}

static inline const struct sockaddr *accountfeed_mhd_client_address(
    struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  return info == NULL ? NULL : info->client_addr;
}

static inline int accountfeed_mhd_connection_socket(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
  return info == NULL ? -1 : info->connect_fd;
}

static inline void *accountfeed_mhd_socket_context(struct MHD_Connection *connection) {
  const union MHD_ConnectionInfo *info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
  return info == NULL ? NULL : info->socket_context;
}

#endif
