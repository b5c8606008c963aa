# Ed25519 (crypto_sign): the group (src/nacl/ge25519*.c) and the scalars
# mod L (src/nacl/sc25519.c); the signature functions and their tests
# follow.
#
# Proof: the group units carry the limb bounds through every addition and
# doubling with every + and * an overflow goal (-warn-unsigned-overflow),
# as the field; the masked selections need WP's bitwise tactics.  The
# scalar unit wraps on purpose (carries detected by comparison) and keeps
# the defaults.
WP_FLAGS_nacl_ge25519         = -warn-unsigned-overflow -wp-auto wp:bitwised,wp:bitrange
WP_FLAGS_nacl_ge25519_base    = -warn-unsigned-overflow -wp-auto wp:bitwised,wp:bitrange
WP_FLAGS_nacl_ge25519_vartime = -warn-unsigned-overflow -wp-auto wp:bitwised,wp:bitrange
