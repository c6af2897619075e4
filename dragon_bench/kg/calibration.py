"""Calibrated confidence per trigger: its typed precision on NEREL train, and the threshold
at or above which a triple may feed questions.

`TRIGGER_PRECISION` is written by `python -m dragon_bench.kg.tuning` (NEREL train only):
for each rule (`role_appos`, `verb_place_of_birth`, ...) and each rule with its trigger word
seen at least `MIN_LEXICAL` times (`role_appos:президент`), (typed-grounded + 1) / (found + 2)
over the train documents, so a rare trigger is not trusted on a handful of hits, and the
pronoun factor (`PRONOUN`). `QUESTION_THRESHOLD` was chosen on train too.
"""

from __future__ import annotations

from dragon_bench.kg.path_table import PATHS

__all__ = [
    "EVENT_RULES",
    "FAMILIES",
    "VERB_RULES",
    "family_of",
    "PREFIXES",
    "PATH",
    "PATH_PRECISION",
    "PRONOUN",
    "ZERO",
    "FAR",
    "TRIGGER_PRECISION",
    "QUESTION_THRESHOLD",
    "confidence_of",
    "feeds_questions",
]

# The least confidence of a triple that questions are made from.
QUESTION_THRESHOLD = 0.725

# trigger -> estimated precision (generated; see the module docstring)
TRIGGER_PRECISION: dict[str, float] = {
    "age_at_verb": 0.5,
    "age_at_verb:": 0.818,
    "age_comma": 0.875,
    "age_dative": 0.917,
    "age_modifier": 0.5,
    "age_modifier:": 0.888,
    "age_parenthesis": 0.7,
    "award_genitive+appos": 0.75,
    "award_genitive+appos_after": 0.667,
    "award_genitive+copula": 0.75,
    "award_genitive+role_verb": 0.6,
    "award_nominal": 0.667,
    "birth_year": 0.5,
    "birth_year:": 0.947,
    "born_noun_appos": 0.778,
    "charge_by": 0.882,
    "event_agent": 0.341,
    "event_agent:возглавить": 0.364,
    "event_agent:выдвинуть": 0.235,
    "event_agent:выйти": 0.286,
    "event_agent:выступать": 0.12,
    "event_agent:выступить": 0.04,
    "event_agent:занять": 0.074,
    "event_agent:назначить": 0.684,
    "event_agent:написать": 0.097,
    "event_agent:объявить": 0.062,
    "event_agent:отказаться": 0.222,
    "event_agent:погибнуть": 0.032,
    "event_agent:подать": 0.541,
    "event_agent:подписать": 0.63,
    "event_agent:поздравить": 0.471,
    "event_agent:покинуть": 0.485,
    "event_agent:получить": 0.013,
    "event_agent:принять": 0.143,
    "event_agent:провести": 0.045,
    "event_agent:родиться": 0.063,
    "event_agent:скончаться": 0.014,
    "event_agent:уйти": 0.393,
    "event_agent:умереть": 0.028,
    "event_agent~common": 0.302,
    "event_date": 0.463,
    "event_date:выйти": 0.25,
    "event_date:избрать": 0.6,
    "event_date:назначить": 0.517,
    "event_date:начаться": 0.05,
    "event_date:объявить": 0.047,
    "event_date:опубликовать": 0.045,
    "event_date:подписать": 0.783,
    "event_date:получить": 0.16,
    "event_date:принять": 0.179,
    "event_date:провести": 0.05,
    "event_date:пройти": 0.018,
    "event_date:родиться": 0.841,
    "event_date:скончаться": 0.884,
    "event_date:состояться": 0.018,
    "event_date:умереть": 0.818,
    "event_noun_date": 0.515,
    "event_noun_date:пройти": 0.828,
    "event_noun_date:состояться": 0.71,
    "event_noun_place": 0.757,
    "event_noun_place:пройти": 0.76,
    "event_noun_place~common": 0.364,
    "event_patient": 0.439,
    "event_patient:арестовать": 0.857,
    "event_patient:задержать": 0.8,
    "event_patient:избрать": 0.682,
    "event_patient:назначить": 0.753,
    "event_patient:найти": 0.529,
    "event_patient:освободить": 0.889,
    "event_patient:приговорить": 0.536,
    "event_patient:убить": 0.652,
    "event_patient:уволить": 0.917,
    "event_place": 0.406,
    "event_place:арестовать": 0.882,
    "event_place:вернуться": 0.182,
    "event_place:переехать": 0.75,
    "event_place:провести": 0.056,
    "event_place:пройти": 0.028,
    "event_place:родиться": 0.781,
    "event_place:скончаться": 0.931,
    "event_place:умереть": 0.944,
    "event_place~common": 0.15,
    "far_pronoun>": 0.523,
    "far_pronoun>event_": 0.571,
    "far_pronoun>verb_": 0.561,
    "far_zero>": 0.668,
    "far_zero>event_": 0.52,
    "far_zero>verb_": 0.802,
    "founder_genitive": 0.167,
    "founder_genitive+appos": 0.833,
    "founder_genitive+appos_after": 0.333,
    "founder_genitive+appos~common": 0.333,
    "founder_genitive+role_verb~common": 0.333,
    "founder_genitive:основатель": 0.056,
    "founder_genitive~common": 0.125,
    "headquarters": 0.667,
    "hero_appos": 0.75,
    "kin": 0.914,
    "member_copula": 0.667,
    "member_from+appos": 0.833,
    "member_genitive+appos": 0.833,
    "member_genitive+copula": 0.667,
    "member_nominal": 0.5,
    "nationality_appos": 0.969,
    "nationality_appos_after": 0.75,
    "org_adjective": 0.724,
    "org_adjective~common": 0.571,
    "org_adjective~common:правительство": 0.947,
    "org_adjective~common:сми": 0.034,
    "org_genitive": 0.856,
    "org_genitive:комитет": 0.9,
    "org_genitive:мвд": 0.913,
    "org_genitive:министерство": 0.944,
    "org_genitive:партия": 0.85,
    "org_genitive:совет": 0.957,
    "org_genitive:суд": 0.833,
    "org_genitive~common": 0.612,
    "org_genitive~common:администрация": 0.632,
    "org_genitive~common:полиция": 0.909,
    "org_genitive~common:правительство": 0.867,
    "org_nested": 0.719,
    "origin_appos": 0.929,
    "origin_appos_after": 0.667,
    "origin_parenthesis": 0.5,
    "origin_parenthesis:": 0.935,
    "origin_rodom": 0.333,
    "participle_awarded_with": 0.5,
    "participle_convicted_of": 0.75,
    "participle_date_of_birth": 0.8,
    "participle_date_of_death": 0.75,
    "participle_founded_by": 0.667,
    "participle_located_in": 0.25,
    "participle_place_of_birth": 0.333,
    "participle_place_of_death": 0.333,
    "participle_place_resides_in": 0.6,
    "participle_workplace": 0.8,
    "participle_workplace~common": 0.5,
    "place_adjective": 0.806,
    "place_adjective~common": 0.275,
    "place_genitive": 0.854,
    "place_genitive~common": 0.157,
    "place_genitive~common:улица": 0.053,
    "place_parenthesis": 0.5,
    "place_parenthesis:": 0.931,
    "pronoun>": 0.824,
    "pronoun>event_": 0.73,
    "pronoun>verb_": 0.967,
    "relative_age_is": 0.8,
    "relative_awarded_with": 0.333,
    "relative_convicted_of": 0.833,
    "relative_headquartered_in~common": 0.333,
    "relative_penalized_as": 0.667,
    "relative_place_of_death": 0.667,
    "relative_place_resides_in": 0.6,
    "relative_workplace": 0.5,
    "relative_workplace~common": 0.75,
    "role_adjective": 0.731,
    "role_adjective+appos": 0.571,
    "role_adjective+role_verb": 0.75,
    "role_adjective_origin": 0.665,
    "role_adjective_origin+appos": 0.867,
    "role_adjective_origin+appos_after": 0.8,
    "role_adjective_origin+appos_chain": 0.333,
    "role_adjective_origin+appos_list": 0.947,
    "role_adjective_origin+appos~common": 0.643,
    "role_adjective_origin+copula": 0.7,
    "role_adjective_origin+copula~common": 0.667,
    "role_adjective_origin+role_verb": 0.333,
    "role_adjective_origin:актер": 0.737,
    "role_adjective_origin~common": 0.59,
    "role_adjective~common": 0.6,
    "role_appointed": 0.8,
    "role_appos": 0.84,
    "role_appos:актер": 0.962,
    "role_appos:актриса": 0.88,
    "role_appos:генерал": 0.917,
    "role_appos:глава": 0.91,
    "role_appos:губернатор": 0.958,
    "role_appos:директор": 0.885,
    "role_appos:король": 0.857,
    "role_appos:лидер": 0.676,
    "role_appos:министр": 0.975,
    "role_appos:мэр": 0.8,
    "role_appos:начальник": 0.941,
    "role_appos:председатель": 0.833,
    "role_appos:представитель": 0.6,
    "role_appos:президент": 0.973,
    "role_appos:премьер-министр": 0.939,
    "role_appos:принц": 0.792,
    "role_appos:режиссер": 0.913,
    "role_appos:руководитель": 0.913,
    "role_appos:тренер": 0.917,
    "role_appos_after": 0.787,
    "role_appos_chain": 0.71,
    "role_appos_list": 0.843,
    "role_board": 0.667,
    "role_board+appos": 0.8,
    "role_board+post": 0.667,
    "role_board~common": 0.25,
    "role_copula": 0.766,
    "role_genitive": 0.745,
    "role_genitive+appointed": 0.679,
    "role_genitive+appointed~common": 0.4,
    "role_genitive+appos": 0.807,
    "role_genitive+appos:глава": 0.773,
    "role_genitive+appos:губернатор": 0.941,
    "role_genitive+appos:министр": 0.9,
    "role_genitive+appos:представитель": 0.524,
    "role_genitive+appos:президент": 0.888,
    "role_genitive+appos:премьер-министр": 0.938,
    "role_genitive+appos_after": 0.692,
    "role_genitive+appos_after~common": 0.667,
    "role_genitive+appos_chain": 0.7,
    "role_genitive+appos_chain~common": 0.75,
    "role_genitive+appos~common": 0.413,
    "role_genitive+copula": 0.8,
    "role_genitive+copula~common": 0.167,
    "role_genitive+post": 0.875,
    "role_genitive+post~common": 0.8,
    "role_genitive+role_verb": 0.703,
    "role_genitive+role_verb~common": 0.4,
    "role_genitive:вице-президент": 0.9,
    "role_genitive:глава": 0.903,
    "role_genitive:губернатор": 0.977,
    "role_genitive:депутат": 0.886,
    "role_genitive:директор": 0.841,
    "role_genitive:лидер": 0.857,
    "role_genitive:министр": 0.921,
    "role_genitive:мэр": 0.971,
    "role_genitive:начальник": 0.839,
    "role_genitive:председатель": 0.844,
    "role_genitive:представитель": 0.286,
    "role_genitive:президент": 0.945,
    "role_genitive:премьер-министр": 0.955,
    "role_genitive:руководитель": 0.857,
    "role_genitive:секретарь": 0.818,
    "role_genitive:сотрудник": 0.696,
    "role_genitive:член": 0.312,
    "role_genitive_deep": 0.619,
    "role_genitive_deep+appointed": 0.8,
    "role_genitive_deep+appos": 0.796,
    "role_genitive_deep+appos_after": 0.667,
    "role_genitive_deep+appos_after~common": 0.333,
    "role_genitive_deep+appos_chain": 0.714,
    "role_genitive_deep+appos~common": 0.625,
    "role_genitive_deep+copula": 0.667,
    "role_genitive_deep+post": 0.667,
    "role_genitive_deep+post~common": 0.5,
    "role_genitive_deep+role_verb": 0.714,
    "role_genitive_deep+role_verb~common": 0.25,
    "role_genitive_deep:глава": 0.647,
    "role_genitive_deep:руководитель": 0.706,
    "role_genitive_deep~common": 0.481,
    "role_genitive~common": 0.429,
    "role_genitive~common:глава": 0.458,
    "role_genitive~common:председатель": 0.542,
    "role_genitive~common:представитель": 0.406,
    "role_genitive~common:руководитель": 0.286,
    "role_genitive~common:сотрудник": 0.382,
    "role_genitive~common:член": 0.227,
    "role_named": 0.718,
    "role_named+appos": 0.857,
    "role_named+appos_after": 0.6,
    "role_named+copula": 0.667,
    "role_named+role_verb": 0.667,
    "role_named~common": 0.5,
    "role_post": 0.944,
    "role_role_verb": 0.729,
    "school_genitive+appos": 0.6,
    "title_appos": 0.87,
    "title_appos_list": 0.667,
    "title_copula": 0.6,
    "title_role_verb": 0.812,
    "verb_age_is": 0.857,
    "verb_awarded_with": 0.78,
    "verb_awarded_with:получить": 0.571,
    "verb_cause_of_death": 0.818,
    "verb_convicted_of": 0.824,
    "verb_convicted_of~common": 0.333,
    "verb_date_of_birth": 0.5,
    "verb_date_of_birth:родиться": 0.84,
    "verb_date_of_death": 0.5,
    "verb_date_of_death:скончаться": 0.806,
    "verb_date_of_death:умереть": 0.76,
    "verb_founded_by": 0.833,
    "verb_founded_by~common": 0.333,
    "verb_medical_condition": 0.882,
    "verb_participant_in": 0.778,
    "verb_participant_in~common": 0.333,
    "verb_penalized_as": 0.6,
    "verb_penalized_as:приговорить": 0.875,
    "verb_place_of_birth": 0.5,
    "verb_place_of_birth:родиться": 0.836,
    "verb_place_of_death": 0.412,
    "verb_place_of_death:скончаться": 0.8,
    "verb_place_resides_in": 0.833,
    "verb_produces": 0.667,
    "verb_schools_attended": 0.833,
    "verb_schools_attended~common": 0.4,
    "verb_spouse": 0.8,
    "verb_workplace": 0.833,
    "verb_workplace~common": 0.429,
    "work_genitive": 0.8,
    "work_role+appos": 0.667,
    "zero>": 0.678,
    "zero>event_": 0.399,
    "zero>verb_": 0.939,
}


# the rule of a fact a mined dependency path states (`kg.paths`): `path:<signature id>`, its
# confidence the signature's smoothed train precision from `kg/path_table.py`
PATH = "path"
PATH_PRECISION: dict[str, float] = {row[0]: row[3] for row in PATHS.values() if row[1]}

# the prefix of a fact said of «он»/«она» (`natasha_backend.PRONOUN`); its table entry is the
# factor by which reading the pronoun lowers its trigger's precision
PRONOUN = "pronoun>"
# the prefix of a fact of a sentence with no subject («Родился в Казани.»), also a factor
ZERO = "zero>"
# the same two when the person is named further back: the sentence before names no person
# of that gender, the nearest sentence that does names one as its subject (`FAR`+prefix)
FAR = "far_"
PREFIXES = (PRONOUN, ZERO, FAR + PRONOUN, FAR + ZERO)
# the rules of a verb as the event («он заявил»: AGENT, PARTICIPANT_IN of «заявить»): each
# prefix has a factor of its own for them (`pronoun>event_`), NEREL annotating few of them
# in a pronoun's sentence, whatever the pronoun stands for
EVENT_RULES = "event_"
# the verb frames that state the fact outright («он работал в ...», «окончил МГУ»): a factor
# of their own too (`pronoun>verb_`), the roles told by a verb («он стал министром») and the
# rest keeping the prefix's own
VERB_RULES = "verb_"
FAMILIES = (EVENT_RULES, VERB_RULES)


def family_of(rule: str) -> str:
    """The family of rules with a prefix factor of its own that a rule is in, '' for none."""
    return next((f for f in FAMILIES if rule.startswith(f)), "")


def confidence_of(trigger: str, table: dict[str, float] | None = None) -> float:
    """The calibrated confidence of a trigger `rule[~common]:cue`: its own estimate when train
    saw it often enough, else its rule's; 0.0 for a rule train never saw. A fact said of a
    pronoun («Он родился в ...», trigger `pronoun>rule:cue`) or of no subject («Родился в
    ...», `zero>rule:cue`) has its trigger's confidence times that prefix's factor estimated
    on train (its factor for event rules, `pronoun>event_`, and for verb frames,
    `pronoun>verb_`, for those)."""
    table = TRIGGER_PRECISION if table is None else table
    for prefix in PREFIXES:
        if trigger.startswith(prefix):
            rest = trigger[len(prefix) :]
            base = confidence_of(rest, table)
            own = prefix + family_of(rest)
            factor = table.get(own, table.get(prefix, 0.0))
            return round(base * factor, 3)
    rule, _, cue = trigger.partition(":")
    if rule == PATH:
        return PATH_PRECISION.get(cue, 0.0)
    if trigger in table:
        return table[trigger]
    return table.get(rule, 0.0)


def feeds_questions(confidence: float | None) -> bool:
    """Whether a triple of this confidence may feed questions (None: not estimated, e.g. an
    LLM or precomputed triple, which the caller vouches for)."""
    return confidence is None or confidence >= QUESTION_THRESHOLD
