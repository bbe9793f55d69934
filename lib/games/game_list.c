/*
 * The catalogue: every game the library knows, in the order bg_catalog_*
 * lists them. Adding a game is one line here and one in meson.build.
 */
#include "core/rules.h"

extern const bg_rules bg_rules_kutochki;
extern const bg_rules bg_rules_halma;
extern const bg_rules bg_rules_tak_tikl;
extern const bg_rules bg_rules_kvartet;
extern const bg_rules bg_rules_mill;
extern const bg_rules bg_rules_bolotudu;
extern const bg_rules bg_rules_seega;
extern const bg_rules bg_rules_senegal;
extern const bg_rules bg_rules_alquerque;
extern const bg_rules bg_rules_tochki;
extern const bg_rules bg_rules_wolf_sheep;
extern const bg_rules bg_rules_fox_geese;
extern const bg_rules bg_rules_hasami_shogi;
extern const bg_rules bg_rules_turkish_draughts;
extern const bg_rules bg_rules_leopards_cows;

const bg_rules *const bg_catalog[] = {
	&bg_rules_kutochki,
	&bg_rules_halma,
	&bg_rules_tak_tikl,
	&bg_rules_kvartet,
	&bg_rules_mill,
	&bg_rules_bolotudu,
	&bg_rules_seega,
	&bg_rules_senegal,
	&bg_rules_alquerque,
	&bg_rules_tochki,
	&bg_rules_wolf_sheep,
	&bg_rules_fox_geese,
	&bg_rules_hasami_shogi,
	&bg_rules_turkish_draughts,
	&bg_rules_leopards_cows,
};

const size_t bg_catalog_size = sizeof(bg_catalog) / sizeof(bg_catalog[0]);
