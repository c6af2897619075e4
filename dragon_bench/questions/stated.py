"""Whether a fact's evidence sentences state what a question would say about it.

A relation read off loosely (NEREL's gold too) can claim more than its sentence: a place of
death in «Чжан Инъин родилась в Наньпине», a work «created» by the pianist who played it
(«исполнил произведение Комитаса «Журавль»») or by the channel that showed it, a band that
«took part» in a festival it only planned to play, an origin read off «представляющая штат
Гавайи». `unstated` names such facts; `frame_stated` keeps a template whose verb says more
than the sentence («окончил» where the text says «учился») for facts whose sentence says it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from dragon_bench.questions.lifetime import DEATH
from dragon_bench.types import Triple

__all__ = ["frame_stated", "unstated"]

_DEATH_CUES = re.compile(
    DEATH.pattern
    + r"|\bсмерт\w*|\bгибел\w*|\bкончин\w*|\bубил\w*|\bубийств\w*|\bтело\b|\bмёртв\w*|\bмертв\w*|\bгоды жизни|"
    r"\b\d{4}\b[^.!?]{0,25}[—–-][^.!?]{0,25}\b\d{4}\b"
)
_BIRTH_CUES = re.compile(r"родил\w*|рожд\w*|уроженец|уроженк\w*|родом\b|появил\w* на свет")
_ORIGIN_CUES = re.compile(
    r"родом\b|уроженец|уроженк\w*|уроженц\w*|выход(?:ец|цы|ка)\w*|родил\w*|гражданин\w*|"
    r"гражданк\w*|гражданств\w*"
)
_PERFORMED = re.compile(
    r"исполн\w*|сыгра\w*|прозвуча\w*|премьер\w*|\bэфир\w*|показ\w*|покаж\w*|трансл\w*|"
    r"вышл[аои]? на\b|выйдет на\b|представ\w* на\b"
)
_CREATED = re.compile(
    r"автор\w*|написа\w*|созда\w*|сочин\w*|сня[лв]\w*|снят\w*|выпуска\w*|выпуст\w*|"
    r"записа\w*|производ\w*|разработ\w*|альбом\w*|режисс\w*|постановк\w*"
)
_PLANNED = re.compile(
    r"планир\w*|планов\w*|намерева\w*|намерен\w*|собира\w*ся|отмен\w*|примет участие|"
    r"примут участие|будет участвовать|будут участвовать|выступит\b|выступят\b"
)
_REPRESENTS = re.compile(r"представля\w*|представит\w*")

# a relation whose sentence must hold one of these words
_NEEDS = {
    "PLACE_OF_DEATH": _DEATH_CUES,
    "DATE_OF_DEATH": _DEATH_CUES,
    "CAUSE_OF_DEATH": _DEATH_CUES,
    "AGE_DIED_AT": _DEATH_CUES,
    "PLACE_OF_BIRTH": _BIRTH_CUES,
}
# template verbs that say more than the relation: (relation, template name) -> the words
# one of the fact's sentences must hold for the template to be used
_FRAME_CUES = {
    ("schools_attended", "graduated"): re.compile(r"оконч\w*|законч\w*|выпускни\w*|диплом\w*"),
    ("origins_from", "roots"): re.compile(
        r"родом\b|уроженец|уроженк\w*|уроженц\w*|выход(?:ец|цы|ка)\w*|родил\w*|\bиз\b"
    ),
    ("origins_from", "country"): re.compile(r"представля\w*|сборн\w*|выступа\w*|за команду"),
    ("origins_from", "repr"): re.compile(r"представля\w*|сборн\w*|выступа\w*|за команду"),
}


def _sentences(triples: Iterable[Triple], texts: Mapping[str, str]) -> list[str]:
    out = []
    for t in triples:
        text = texts.get(t.doc_id, "")
        out.append(text[t.sentence_span[0] : t.sentence_span[1]].lower())
    return out


def unstated(
    relation: str, object_type: str, triples: Iterable[Triple], texts: Mapping[str, str]
) -> bool:
    """True when no evidence sentence of the fact states it (see the module docstring)."""
    sentences = [s for s in _sentences(triples, texts) if s]
    if not sentences:
        return False
    needs = _NEEDS.get(relation)
    if needs is not None:
        return not any(needs.search(s) for s in sentences)
    if relation == "PRODUCES" and object_type in ("WORK_OF_ART", "PRODUCT"):
        return all(_PERFORMED.search(s) and not _CREATED.search(s) for s in sentences)
    if relation == "PARTICIPANT_IN":
        return all(_PLANNED.search(s) for s in sentences)
    if relation == "ORIGINS_FROM":
        return all(_REPRESENTS.search(s) and not _ORIGIN_CUES.search(s) for s in sentences)
    return False


def frame_stated(frame_id: str, triples: Iterable[Triple], texts: Mapping[str, str]) -> bool:
    """A template may say its verb: it has no cue list, or a sentence of the fact holds one."""
    relation, _, name = frame_id.split(".", 2)
    cues = _FRAME_CUES.get((relation, name))
    if cues is None:
        return True
    return any(cues.search(s) for s in _sentences(triples, texts))
